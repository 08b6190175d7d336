#ifndef FOTOFOLIO_FUZZ_DRIVER_H
#define FOTOFOLIO_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (linked in by `-sanitize=fuzzer`): parses the command line as
/// libFuzzer's own main() would and fuzzes `callback`. The targets call it from their
/// `@main`, because SwiftPM points an executable's main() at the module's entry point.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
