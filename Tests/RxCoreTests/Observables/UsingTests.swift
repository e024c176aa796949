import RxCore
import RxTest
import Testing

@Suite("using")
struct UsingTests {
    typealias Failure = CreationSupport.Failure
    typealias Resource = CreationSupport.Resource

    @Test("the resource is disposed after the sequence completes")
    func disposedOnCompletion() {
        CreationSupport.expectNoLeaks {
            var log: [String] = []
            var resources: [Resource] = []
            let source = Observable<Int>.using(
                {
                    log.append("make resource")
                    let resource = Resource { log.append("dispose resource") }
                    resources.append(resource)
                    return resource
                },
                observableFactory: { _ in
                    log.append("make sequence")
                    return Observable.of(1, 2)
                }
            )
            #expect(log.isEmpty)
            _ = source.subscribe(
                onNext: { log.append("next \($0)") },
                onCompleted: { log.append("completed") }
            )
            #expect(log == ["make resource", "make sequence", "next 1", "next 2", "completed", "dispose resource"])
            #expect(resources.map(\.disposeCount) == [1])
        }
    }

    @Test("the observable factory receives the resource made for the subscription")
    func factoryGetsResource() {
        CreationSupport.expectNoLeaks {
            var made: Resource?
            var received: Resource?
            _ = Observable<Int>.using(
                {
                    let resource = Resource()
                    made = resource
                    return resource
                },
                observableFactory: { resource in
                    received = resource
                    return Observable.empty()
                }
            ).subscribe()
            #expect(made != nil)
            #expect(made === received)
        }
    }

    @Test("the resource is disposed after the sequence fails")
    func disposedOnError() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var resources: [Resource] = []
            var disposedAt: Int?
            var made: TestableObservable<Int>?
            let res = scheduler.start {
                Observable<Int>.using(
                    {
                        let resource = Resource { disposedAt = scheduler.clock }
                        resources.append(resource)
                        return resource
                    },
                    observableFactory: { _ in
                        let xs = scheduler.createColdObservable([.next(100, 1), .error(200, Failure.boom)])
                        made = xs
                        return xs.asObservable()
                    }
                )
            }
            #expect(res.events == [.next(300, 1), .error(400, Failure.boom)])
            #expect(disposedAt == 400)
            #expect(made?.subscriptions == [Subscription(200, 400)])
            #expect(resources.map(\.disposeCount) == [1])
        }
    }

    @Test("the resource is disposed when the subscription is disposed")
    func disposedOnDispose() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var resources: [Resource] = []
            var disposedAt: [Int] = []
            var made: TestableObservable<Int>?
            let res = scheduler.start {
                Observable<Int>.using(
                    {
                        let resource = Resource { disposedAt.append(scheduler.clock) }
                        resources.append(resource)
                        return resource
                    },
                    observableFactory: { _ in
                        let xs = scheduler.createColdObservable([.next(100, 1), .next(900, 2)])
                        made = xs
                        return xs.asObservable()
                    }
                )
            }
            #expect(res.events == [.next(300, 1)])
            #expect(disposedAt == [1000])
            #expect(resources.map(\.disposeCount) == [1])
            #expect(made?.subscriptions == [Subscription(200, 1000)])
        }
    }

    @Test("a throwing resource factory sends its error and skips the observable factory")
    func resourceFactoryThrows() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var observableFactoryCalls = 0
            let res = scheduler.start {
                Observable<Int>.using(
                    { () throws -> Resource in throw Failure.boom },
                    observableFactory: { _ in
                        observableFactoryCalls += 1
                        return Observable.just(1)
                    }
                )
            }
            #expect(res.events == [.error(200, Failure.boom)])
            #expect(observableFactoryCalls == 0)
        }
    }

    @Test("a throwing observable factory sends its error, then the resource is disposed")
    func observableFactoryThrows() {
        CreationSupport.expectNoLeaks {
            var log: [String] = []
            var resources: [Resource] = []
            _ = Observable<Int>.using(
                {
                    let resource = Resource { log.append("dispose resource") }
                    resources.append(resource)
                    return resource
                },
                observableFactory: { _ in throw Failure.other }
            ).subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") }
            )
            #expect(log == ["error other", "dispose resource"])
            #expect(resources.map(\.disposeCount) == [1])
        }
    }

    @Test("each subscription makes and releases its own resource")
    func resourcePerSubscription() {
        CreationSupport.expectNoLeaks {
            var resources: [Resource] = []
            let source = Observable<Int>.using(
                {
                    let resource = Resource()
                    resources.append(resource)
                    return resource
                },
                observableFactory: { _ in Observable.never() }
            )
            let first = source.subscribe()
            let second = source.subscribe()
            #expect(resources.map(\.disposeCount) == [0, 0])
            first.dispose()
            #expect(resources.map(\.disposeCount) == [1, 0])
            second.dispose()
            #expect(resources.map(\.disposeCount) == [1, 1])
        }
    }
}
