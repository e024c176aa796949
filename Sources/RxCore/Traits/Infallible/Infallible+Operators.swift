// The Infallible operators that delegate to the observable operators of the same name. Their
// closures cannot throw: a thrown error would break the promise that the sequence never fails.

extension InfallibleType {
    /// Transforms each element with `transform`.
    ///
    /// - Parameter transform: The function applied to each element.
    /// - Returns: An infallible of the transformed elements.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible(asObservable().map(transform))
    }

    /// Transforms each element with `transform`, dropping the `nil` results.
    ///
    /// - Parameter transform: The function applied to each element.
    /// - Returns: An infallible of the non-`nil` results.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
        Infallible(asObservable().compactMap(transform))
    }

    /// Keeps the elements that satisfy `predicate`.
    ///
    /// - Parameter predicate: Says whether an element passes.
    /// - Returns: An infallible of the elements that pass.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate))
    }

    /// Maps each element to an infallible and merges their elements.
    ///
    /// The result completes once this sequence and every inner one have completed.
    ///
    /// - Parameter selector: Makes an inner infallible from each element.
    /// - Returns: An infallible of the inner sequences' elements.
    public func flatMap<Source: InfallibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMap(selector))
    }
}
