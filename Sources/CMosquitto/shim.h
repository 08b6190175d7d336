#ifndef FOTOFOLIO_MOSQUITTO_SHIM_H
#define FOTOFOLIO_MOSQUITTO_SHIM_H

/* libmosquitto's API has no variadic calls, so Swift can use the header as it is.
   The shim keeps the same layout as the other C faces and is the place for a helper
   should one be needed. */
#include <stdbool.h>
#include <mosquitto.h>

#endif
