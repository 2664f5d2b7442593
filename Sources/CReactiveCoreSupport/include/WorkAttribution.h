#ifndef REACTIVE_CORE_WORK_ATTRIBUTION_H
#define REACTIVE_CORE_WORK_ATTRIBUTION_H

#include <stdint.h>

// The unit of work (a store's effect) the calling thread is starting or running, for test
// tooling (see WorkAttribution.swift): a C thread-local for the same reasons as DeliveryDepth.h,
// `extern` and defined once in WorkAttribution.c. An owner of 0 means "none".
extern _Thread_local uintptr_t reactive_core_work_owner;
extern _Thread_local intptr_t reactive_core_work_key;

/// The calling thread's owner slot.
static inline uintptr_t *_Nonnull reactive_core_work_owner_slot(void) {
  return &reactive_core_work_owner;
}

/// The calling thread's key slot.
static inline intptr_t *_Nonnull reactive_core_work_key_slot(void) {
  return &reactive_core_work_key;
}

#endif
