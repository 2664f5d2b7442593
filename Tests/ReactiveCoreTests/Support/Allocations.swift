import AllocationCounter

/// Heap allocations made by the calling thread while `body` runs.
func allocations(_ body: () -> Void) -> Int {
  let before = allocation_counter_thread_count()
  body()
  return allocation_counter_thread_count() - before
}

/// Whether allocation counting works in this process (it is off under sanitizers).
let allocationCountingIsActive = allocation_counter_is_active() != 0
