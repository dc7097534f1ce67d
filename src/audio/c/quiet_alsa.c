/* ALSA prints its own errors on standard error (eight lines a sound when there is no sound card),
 * which would drown a screen reader or a braille display; annabella gives one warning of its own
 * instead. This handler takes ALSA's messages and drops them. */
#include <alsa/asoundlib.h>

static void annabella_drop_alsa_error(const char *file, int line, const char *function, int err,
                                      const char *fmt, ...) {
    (void)file;
    (void)line;
    (void)function;
    (void)err;
    (void)fmt;
}

void annabella_quiet_alsa(void) { snd_lib_error_set_handler(annabella_drop_alsa_error); }
