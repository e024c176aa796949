// RxBlocking: blocking helpers for RxCore.
