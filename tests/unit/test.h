/* Include first in every cmocka test: cmocka needs these standard headers before its own. */
#ifndef TESTS_TEST_H
#define TESTS_TEST_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#endif
