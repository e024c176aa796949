import RxTraceFormat

@testable import rxtrace

/// The JSON Lines and Chrome exports as they were formatted before they wrote bytes: one
/// `String` per record, through `JSONText` and `RecordValueJSON`. The byte formatting must give
/// exactly the same text; these are the reference the tests compare it with.
enum StringExports {
    /// The JSON Lines export of `records`.
    static func jsonLines(_ file: TraceFile, _ records: [TraceRecord]) -> String {
        let names = TraceNames(file)
        var text = ""
        for record in records {
            let probe = JSONText.quoted(names.probe(record.probe))
            let thread = JSONText.quoted(names.thread(record.thread))
            text +=
                "{\"t\":\(record.timestamp),\"thread\":\(thread),\"probe\":\(probe),\"subscription\":\(record.subscription),"
                + "\"event\":\"\(record.kind.exportName)\",\"value\":\(RecordValueJSON.text(record, in: file))}\n"
        }
        return text
    }

    /// The Chrome trace export of `records`.
    static func chrome(_ file: TraceFile, _ records: [TraceRecord]) -> String {
        var chrome = Chrome(file: file)
        chrome.begin()
        for record in records {
            chrome.add(record)
        }
        chrome.end()
        return chrome.text
    }

    private struct Chrome {
        let file: TraceFile
        let names: TraceNames
        let pid: Int32
        var text = ""
        var first = true
        var begun: [UInt64: UInt32] = [:]
        var openAtDump: [UInt64: TraceOpenSubscription] = [:]

        init(file: TraceFile) {
            self.file = file
            names = TraceNames(file)
            pid = file.header.processID
        }

        static func microseconds(_ nanoseconds: UInt64) -> String {
            let whole = nanoseconds / 1000
            let fraction = nanoseconds % 1000
            return fraction == 0 ? String(whole) : "\(whole).\(String(fraction + 1000).dropFirst())"
        }

        mutating func event(_ body: String) {
            text += first ? "\n" + body : ",\n" + body
            first = false
        }

        mutating func begin() {
            text +=
                "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"tool\":\"rxtrace\",\"process\":\(JSONText.quoted(file.header.processName))},\"traceEvents\":["
            event(
                "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":0,\"args\":{\"name\":\(JSONText.quoted(file.header.processName))}}"
            )
            for index in file.threads.indices {
                let thread = UInt16(index)
                event(
                    "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(names.threadID(thread)),\"args\":{\"name\":\(JSONText.quoted(names.thread(thread)))}}"
                )
            }
            for mark in file.marks {
                let label = JSONText.quoted(file.string(mark.label) ?? "")
                let ts = Self.microseconds(mark.timestamp)
                event(
                    "{\"name\":\(label),\"cat\":\"mark\",\"ph\":\"i\",\"s\":\"g\",\"ts\":\(ts),\"pid\":\(pid),\"tid\":\(names.threadID(mark.thread))}"
                )
                if mark.resourcesTotal >= 0 {
                    event(
                        "{\"name\":\"Resources.total\",\"ph\":\"C\",\"ts\":\(ts),\"pid\":\(pid),\"args\":{\"total\":\(mark.resourcesTotal)}}"
                    )
                }
            }
            for entry in file.openSubscriptions {
                openAtDump[entry.subscription] = entry
            }
        }

        mutating func add(_ record: TraceRecord) {
            switch record.kind {
            case .subscribed:
                openAtDump.removeValue(forKey: record.subscription)
                if let probe = begun[record.subscription] {
                    asyncSlice("e", record.subscription, probe, record.timestamp, record.thread, false)
                }
                asyncSlice("b", record.subscription, record.probe, record.timestamp, record.thread, false)
                begun[record.subscription] = record.probe
            case .disposed:
                if let probe = begun.removeValue(forKey: record.subscription) {
                    asyncSlice("e", record.subscription, probe, record.timestamp, record.thread, false)
                } else {
                    asyncSlice("b", record.subscription, record.probe, record.timestamp, record.thread, false)
                    asyncSlice("e", record.subscription, record.probe, record.timestamp, record.thread, false)
                }
                instant(record)
            case .next, .error, .completed:
                instant(record)
            }
        }

        mutating func instant(_ record: TraceRecord) {
            event(
                "{\"name\":\"\(record.kind.exportName)\",\"cat\":\(JSONText.quoted(names.probe(record.probe))),\"ph\":\"i\",\"s\":\"t\","
                    + "\"ts\":\(Self.microseconds(record.timestamp)),\"pid\":\(pid),\"tid\":\(names.threadID(record.thread)),"
                    + "\"args\":{\"subscription\":\(record.subscription),\"value\":\(RecordValueJSON.text(record, in: file))}}"
            )
        }

        mutating func asyncSlice(
            _ phase: String, _ subscription: UInt64, _ probe: UInt32, _ timestamp: UInt64, _ thread: UInt16, _ isOpen: Bool
        ) {
            event(
                "{\"name\":\(JSONText.quoted(names.probe(probe))),\"cat\":\"subscription\",\"ph\":\"\(phase)\",\"id\":\"0x\(String(subscription, radix: 16))\","
                    + "\"ts\":\(Self.microseconds(timestamp)),\"pid\":\(pid),\"tid\":\(names.threadID(thread)),"
                    + "\"args\":{\"subscription\":\(subscription),\"open\":\(isOpen)}}"
            )
        }

        mutating func end() {
            let dump = file.header.dumpTimestamp
            for entry in openAtDump.values.sorted(by: { $0.subscription < $1.subscription }) where begun[entry.subscription] == nil {
                asyncSlice("b", entry.subscription, entry.probe, entry.subscribedAt, entry.thread, true)
                begun[entry.subscription] = entry.probe
            }
            for (subscription, probe) in begun.sorted(by: { $0.key < $1.key }) {
                asyncSlice("e", subscription, probe, dump, 0, true)
            }
            text += "\n]}\n"
        }
    }
}
