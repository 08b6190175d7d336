#ifndef FOTOFOLIO_LIBPQ_SHIM_H
#define FOTOFOLIO_LIBPQ_SHIM_H

#include <libpq-fe.h>

/* The diagnostic field codes are character-literal macros, which Swift does not import. */
static inline const char *fotofolio_pq_sqlstate(const PGresult *result) {
    return PQresultErrorField(result, 'C'); /* PG_DIAG_SQLSTATE */
}

static inline const char *fotofolio_pq_constraint(const PGresult *result) {
    return PQresultErrorField(result, 'n'); /* PG_DIAG_CONSTRAINT_NAME */
}

static inline const char *fotofolio_pq_primary_message(const PGresult *result) {
    return PQresultErrorField(result, 'M'); /* PG_DIAG_MESSAGE_PRIMARY */
}

#endif
