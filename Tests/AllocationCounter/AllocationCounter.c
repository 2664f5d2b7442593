// Counts heap allocations per thread for the tests' "allocates nothing per event" checks.
// The test executable defines malloc, calloc and realloc; the dynamic linker binds every library
// (the Swift runtime included) to these definitions, which count and forward to glibc.
// Under a sanitizer, which intercepts malloc itself, nothing is defined and counting is off.
#include "AllocationCounter.h"
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define ALLOCATION_COUNTER_OFF 1
#endif
#endif

#if defined(__linux__) && !defined(ALLOCATION_COUNTER_OFF)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static _Thread_local long thread_count;
static _Thread_local long thread_bytes;

void *malloc(size_t size) {
  thread_count++;
  thread_bytes += (long)size;
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  thread_count++;
  thread_bytes += (long)(count * size);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  thread_count++;
  thread_bytes += (long)size;
  return __libc_realloc(pointer, size);
}

int allocation_counter_is_active(void) { return 1; }
long allocation_counter_thread_count(void) { return thread_count; }
long allocation_counter_thread_bytes(void) { return thread_bytes; }

#else

int allocation_counter_is_active(void) { return 0; }
long allocation_counter_thread_count(void) { return 0; }
long allocation_counter_thread_bytes(void) { return 0; }

#endif
