/* Repairs of cairo's finished PDF, made in memory before the file is written. */
#ifndef REWRITE_PDF_XOBJECTS_H
#define REWRITE_PDF_XOBJECTS_H
#include "core/strbuf.h"

/* cairo 1.16 names a form in a resource dictionary once per painting
 * ("/XObject << /x6 6 0 R /x6 6 0 R >>"), which qpdf reports as duplicated keys. Drops the
 * repeated entries and moves the cross-reference offsets to match. Returns the number of
 * entries dropped, or -1 (pdf unchanged) when the file is not laid out as cairo writes it:
 * one classic cross-reference section at the end. */
long rewrite_pdf_xobjects(struct strbuf *pdf);

#endif
