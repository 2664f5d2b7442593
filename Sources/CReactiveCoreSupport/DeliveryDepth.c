#include "DeliveryDepth.h"

_Thread_local intptr_t reactive_core_delivery_depth = 0;
