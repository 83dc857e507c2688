/* A libFuzzer harness without libFuzzer: each file named on the command line is one input,
 * given to the harness's LLVMFuzzerTestOneInput once, in order (make check replays the seeds
 * this way, so every harness stays built and its checks hold on its seeds, with the
 * sanitizers under make asan). Prints how many inputs ran; exits 2 on an unreadable file. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/readfile.h"
#include "core/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        char *bytes = NULL;
        size_t len = 0;
        struct strbuf err = STRBUF_INIT;
        if (readfile(argv[i], (size_t)16 << 20, &bytes, &len, &err) != 0) {
            fprintf(stderr, "%s: %s\n", argv[i], strbuf_cstr(&err));
            strbuf_free(&err);
            return 2;
        }
        LLVMFuzzerTestOneInput((const uint8_t *)bytes, len);
        free(bytes);
        strbuf_free(&err);
    }
    printf("%d inputs\n", argc - 1);
    return 0;
}
