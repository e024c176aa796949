import Foundation
import RxCore

/// A stand-in for a user-interface object: plain properties that bindings write to.
final class Label: ReactiveCompatible {
    var text = ""
    var count = 0
    var optionalText: String?
    /// Every value written through ``Reactive/shouted``, in order.
    var history: [String] = []
}

extension Reactive where Base: Label {
    /// A custom binder, as an app would declare one.
    var shouted: Binder<String> {
        Binder(base, scheduler: CurrentThreadScheduler.instance) { label, text in
            label.text = text.uppercased()
            label.history.append(text.uppercased())
        }
    }

    /// A static-style member reached through `Label.rx`.
    static var kind: String { "label" }
}
