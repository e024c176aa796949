// RxTest: virtual-time testing for RxCore.
