import Foundation
import Testing

@testable import RxTraceAnalysis

@Suite("MarkSummary in JSON: a mark without counts is null, never -1")
struct MarkSummaryJSONTests {
    @Test("A mark without counts encodes resourcesTotal null and counted false; a counted one is unchanged")
    func encoding() throws {
        let uncounted = MarkSummary(label: "run 1", timestamp: 5, thread: "main", resourcesTotal: -1, types: [])
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(uncounted)) as? [String: Any])
        #expect(object["resourcesTotal"] is NSNull)
        #expect(object["counted"] as? Bool == false)
        #expect(!uncounted.counted)

        let counted = MarkSummary(label: "run 1", timestamp: 5, thread: "main", resourcesTotal: 3, types: [])
        let countedObject = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(counted)) as? [String: Any])
        #expect(countedObject["resourcesTotal"] as? Int == 3)
        #expect(countedObject["counted"] == nil)
    }

    @Test("Old JSON with -1, new JSON with null, and counted JSON all decode")
    func decoding() throws {
        func decode(_ text: String) throws -> MarkSummary {
            try JSONDecoder().decode(MarkSummary.self, from: Data(text.utf8))
        }
        let old = try decode(#"{"label":"a","timestamp":1,"thread":"main","resourcesTotal":-1,"types":[]}"#)
        #expect(!old.counted)
        let new = try decode(#"{"label":"a","timestamp":1,"thread":"main","resourcesTotal":null,"counted":false,"types":[]}"#)
        #expect(!new.counted)
        #expect(new == old)
        let counted = try decode(#"{"label":"a","timestamp":1,"thread":"main","resourcesTotal":7,"types":[]}"#)
        #expect(counted.counted)
        #expect(counted.resourcesTotal == 7)
        let roundTrip = try JSONDecoder().decode(MarkSummary.self, from: JSONEncoder().encode(new))
        #expect(roundTrip == new)
    }
}
