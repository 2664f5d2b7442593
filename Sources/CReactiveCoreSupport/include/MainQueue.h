#ifndef REACTIVE_CORE_MAIN_QUEUE_H
#define REACTIVE_CORE_MAIN_QUEUE_H

// libdispatch's `dispatch_get_specific`, which the Swift overlay marks unavailable in favour of the
// generic `DispatchQueue.getSpecific(key:)`. Declared here (the exact prototype of
// <dispatch/queue.h>, which C lets a module repeat) and called from C, so the call uses the C
// calling convention whatever Swift's own is; the accessor is inlined into Swift.
extern void *_Nullable dispatch_get_specific(const void *_Nonnull key);

/// The context the current queue (or a queue it targets) holds for `key`, or NULL.
static inline void *_Nullable reactive_core_queue_specific(const void *_Nonnull key) {
  return dispatch_get_specific(key);
}

#endif
