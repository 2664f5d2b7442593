#include "WorkAttribution.h"

_Thread_local uintptr_t reactive_core_work_owner = 0;
_Thread_local intptr_t reactive_core_work_key = 0;
