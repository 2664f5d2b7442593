#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Whether this process counts heap allocations (not under sanitizers, which own malloc).
int allocation_counter_is_active(void);

/// The number of malloc/calloc/realloc calls made by the calling thread so far.
long allocation_counter_thread_count(void);

/// The number of bytes requested by those calls (a realloc counts its new size).
long allocation_counter_thread_bytes(void);

#endif
