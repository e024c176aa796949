/// The return-code check of the pthread calls outside the mutexes (thread keys): a failure stops
/// the program with the message ``PthreadMutex`` gives, instead of going on without the
/// thread's value or its clean-up at thread exit.
enum PthreadStatus {
    /// Stops the program unless `status`, what `call` returned, is 0.
    @inline(__always)
    static func check(_ status: Int32, _ call: StaticString) {
        if status != 0 {
            PthreadMutex.fail(call, status)
        }
    }
}
