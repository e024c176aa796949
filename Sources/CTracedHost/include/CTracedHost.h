// TracedHost's one C part: a constructor that stands for another initializer of the program,
// to test what a SIGUSR1 during the program's start does.
#ifndef CTRACEDHOST_H
#define CTRACEDHOST_H

#include <stdbool.h>

/// Whether the constructor sent SIGUSR1 (`TRACEDHOST_SIGNAL_IN_INITIALIZER=1`).
bool tracedhost_signalled_in_initializer(void);

#endif
