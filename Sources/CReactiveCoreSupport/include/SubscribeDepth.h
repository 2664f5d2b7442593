#ifndef REACTIVE_CORE_SUBSCRIBE_DEPTH_H
#define REACTIVE_CORE_SUBSCRIBE_DEPTH_H

#include <stdint.h>

// The per-thread subscribe state of ReactiveCore (see SubscribeDepth.swift), C thread-locals for
// the same reason as the delivery depth (DeliveryDepth.h): Swift inlines every access.
//
// `reactive_core_subscribe_depth`: how many single-source operator subscriptions (`lift`) are
// nested on this thread's stack. `reactive_core_subscribe_deferred`: how many subscription steps
// wait for the outermost one to run them (see `Trampoline.deferSubscription`).
extern _Thread_local intptr_t reactive_core_subscribe_depth;
extern _Thread_local intptr_t reactive_core_subscribe_deferred;

/// The calling thread's subscribe depth.
static inline intptr_t *_Nonnull reactive_core_subscribe_depth_counter(void) {
  return &reactive_core_subscribe_depth;
}

/// The calling thread's count of deferred subscription steps.
static inline intptr_t *_Nonnull reactive_core_subscribe_deferred_counter(void) {
  return &reactive_core_subscribe_deferred;
}

#endif
