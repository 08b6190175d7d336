// Declarations only (see include/CFuzzDriver.h); libFuzzer provides the definition.
#include "CFuzzDriver.h"
