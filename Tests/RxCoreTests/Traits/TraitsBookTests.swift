import Foundation
import RxCore
import Testing

/// The book's chapter 2 "Using Traits" example, with a folder standing in for the playground's
/// bundle. RxSwift 6 spells a single's failure `.failure` (the book, on RxSwift 5, wrote
/// `.error`).
@Suite("Traits: the book's examples", .resourceBalanced)
struct TraitsBookTests: BookPlayground {
    let console = PlaygroundConsole()

    /// The playground's Resources folder.
    private static func resources(_ files: [String: Data]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("traits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, data) in files {
            try data.write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    private func runSingleExample(resources: URL, name: String) {
        example(of: "Single") {
            // 1
            let disposeBag = DisposeBag()

            // 2
            enum FileReadError: Error {
                case fileNotFound, unreadable, encodingFailed
            }

            // 3
            func loadText(from name: String) -> Single<String> {
                // 4
                Single.create { single in
                    // 1
                    let disposable = Disposables.create()

                    // 2
                    let path = resources.appendingPathComponent(name + ".txt").path
                    guard FileManager.default.fileExists(atPath: path) else {
                        single(.failure(FileReadError.fileNotFound))
                        return disposable
                    }

                    // 3
                    guard let data = FileManager.default.contents(atPath: path) else {
                        single(.failure(FileReadError.unreadable))
                        return disposable
                    }

                    // 4
                    guard let contents = String(data: data, encoding: .utf8) else {
                        single(.failure(FileReadError.encodingFailed))
                        return disposable
                    }

                    // 5
                    single(.success(contents))
                    return disposable
                }
            }

            // 1
            loadText(from: name)
                // 2
                .subscribe {
                    // 3
                    switch $0 {
                    case .success(let string):
                        print(string)
                    case .failure(let error):
                        print(error)
                    }
                }
                .disposed(by: disposeBag)
        }
    }

    @Test("Single: loadText(from:) prints the copyright text")
    func singleLoadsText() throws {
        let copyright = "Copyright (c) 2020 Razeware LLC\nPermission is hereby granted."
        let folder = try Self.resources(["Copyright.txt": Data(copyright.utf8)])
        defer { try? FileManager.default.removeItem(at: folder) }
        runSingleExample(resources: folder, name: "Copyright")
        #expect(
            console.lines == [
                "", "--- Example of: Single ---", "Copyright (c) 2020 Razeware LLC", "Permission is hereby granted.",
            ])
    }

    @Test("Single: a missing file and bad UTF-8 print the errors")
    func singleErrors() throws {
        let folder = try Self.resources(["Broken.txt": Data([0xFF, 0xFE, 0xFD])])
        defer { try? FileManager.default.removeItem(at: folder) }
        runSingleExample(resources: folder, name: "Missing")
        runSingleExample(resources: folder, name: "Broken")
        #expect(
            console.lines == [
                "", "--- Example of: Single ---", "fileNotFound",
                "", "--- Example of: Single ---", "encodingFailed",
            ])
    }

    @Test("chapter 4: asSingle() on the photo writer shows the saved id, or the error")
    func photoWriterAsSingle() {
        func save(_ ids: [String]) -> Observable<String> {
            Observable.from(ids)
        }
        for ids in [["asset-1"], ["asset-1", "asset-2"]] {
            _ = save(ids)
                .asSingle()
                .subscribe(
                    onSuccess: { id in print("Saved with id: \(id)") },
                    onFailure: { error in print("Error", error) }
                )
        }
        #expect(console.lines == ["Saved with id: asset-1", "Error Sequence contains more than one element."])
    }
}
