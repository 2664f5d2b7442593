#ifndef REACTIVE_CORE_SUBSCRIBE_DEPTH_H
#define REACTIVE_CORE_SUBSCRIBE_DEPTH_H

#include <stdint.h>

// The per-thread subscribe and release state of ReactiveCore (see SubscribeDepth.swift and
// `Trampoline.release`), C thread-locals for the same reason as the delivery depth
// (DeliveryDepth.h): Swift inlines every access.
//
// `reactive_core_subscribe_depth`: how many subscriptions (`Observable.subscribe`) are nested on
// this thread's stack.
extern _Thread_local intptr_t reactive_core_subscribe_depth;

/// The calling thread's subscribe depth.
static inline intptr_t *_Nonnull reactive_core_subscribe_depth_counter(void) {
  return &reactive_core_subscribe_depth;
}

// `reactive_core_trampoline`: whether an activation of this thread's trampoline runs (`active`)
// and whether work was queued on it since its queue was last drained (`queued`), so that the
// outermost subscription starts and ends an activation without looking up the thread's
// trampoline object (see Trampoline.swift).
typedef struct {
  intptr_t active;
  intptr_t queued;
} reactive_core_trampoline_state;

extern _Thread_local reactive_core_trampoline_state reactive_core_trampoline;

/// The calling thread's trampoline state.
static inline reactive_core_trampoline_state *_Nonnull reactive_core_trampoline_state_pointer(
    void) {
  return &reactive_core_trampoline;
}

// `reactive_core_release`: how many levels of release are nested on this thread's stack
// (`depth`: `Trampoline.release` and `Trampoline.dispose` calls and `Observable` deinits, freeing
// or disposing a chain of sinks, observables or subscriptions, see Trampoline.swift), and how
// many references and disposables wait for the outermost level to drop them (`parked`).
typedef struct {
  intptr_t depth;
  intptr_t parked;
} reactive_core_release_state;

extern _Thread_local reactive_core_release_state reactive_core_release;

/// The calling thread's release state.
static inline reactive_core_release_state *_Nonnull reactive_core_release_state_pointer(void) {
  return &reactive_core_release;
}

#endif
