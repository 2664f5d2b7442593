#include "SubscribeDepth.h"

_Thread_local intptr_t reactive_core_subscribe_depth = 0;
_Thread_local reactive_core_trampoline_state reactive_core_trampoline = {0, 0};
_Thread_local reactive_core_release_state reactive_core_release = {0, 0};
