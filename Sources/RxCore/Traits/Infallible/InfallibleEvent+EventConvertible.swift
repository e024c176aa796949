extension InfallibleEvent: EventConvertible {
    /// The same event as an ``Event``: `.next` or `.completed`, never `.error`. Lets an
    /// infallible's events go where events are expected (`dematerialize`, an observer).
    public var event: Event<Element> {
        switch self {
        case .next(let element): .next(element)
        case .completed: .completed
        }
    }
}
