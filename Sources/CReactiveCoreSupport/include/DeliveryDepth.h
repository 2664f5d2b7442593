#ifndef REACTIVE_CORE_DELIVERY_DEPTH_H
#define REACTIVE_CORE_DELIVERY_DEPTH_H

#include <stdint.h>

// The per-thread delivery depth of ReactiveEngine (see DeliveryDepth.swift), as a C thread-local so
// that Swift inlines every access (a thread-pointer-relative load once linked into an executable)
// instead of calling pthread_getspecific.
//
// The variable is `extern`, defined once in DeliveryDepth.c: a `static` one in this header would
// give every module that inlines an accessor its own counter. No TLS model is forced: the default
// (general dynamic under -fPIC) stays correct in a shared library or a dlopen'd one, and the
// linker relaxes it to a direct access when ReactiveCore is linked into the executable.
extern _Thread_local intptr_t reactive_core_delivery_depth;

/// The calling thread's counter. Its address also identifies the thread while the thread lives.
static inline intptr_t *_Nonnull reactive_core_delivery_depth_counter(void) {
  return &reactive_core_delivery_depth;
}

/// Whether the calling thread is inside a delivery.
static inline _Bool reactive_core_is_delivering(void) {
  return reactive_core_delivery_depth > 0;
}

#endif
