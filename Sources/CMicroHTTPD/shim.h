#ifndef FOTOFOLIO_MHD_SHIM_H
#define FOTOFOLIO_MHD_SHIM_H

#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <string.h>
/* libmicrohttpd stops polling a suspended connection, so HTTPServer watches the sockets
   of suspended streams itself; Swift's Glibc module does not export epoll. */
#include <sys/epoll.h>
#include <microhttpd.h>

/* libmicrohttpd percent-decodes the path and query by default, which hides encoded
   slashes ("%2F") and NULs ("%00") from the application. This unescape callback keeps
   the text as received, so HTTPServer can decode it strictly itself. */
static inline size_t
fotofolio_mhd_keep_escaped(void *cls, struct MHD_Connection *connection, char *text)
{
    (void) cls; (void) connection;
    return strlen(text);
}

/* MHD_start_daemon is variadic, which Swift cannot call. The callbacks that need a
   context pointer are passed explicitly (all share one `cls`); every other option goes
   through a single MHD_OPTION_ARRAY terminated by MHD_OPTION_END. */
static inline struct MHD_Daemon *
fotofolio_mhd_start_daemon(unsigned int flags, uint16_t port,
                           MHD_AccessHandlerCallback handler,
                           MHD_RequestCompletedCallback completed,
                           MHD_NotifyConnectionCallback connection_notify,
                           void *cls,
                           const struct MHD_OptionItem *options)
{
    return MHD_start_daemon(flags, port, NULL, NULL, handler, cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, cls,
                            MHD_OPTION_NOTIFY_CONNECTION, connection_notify, cls,
                            MHD_OPTION_UNESCAPE_CALLBACK, fotofolio_mhd_keep_escaped, NULL,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/* MHD_get_connection_info is variadic; this asks for the peer address only. */
static inline const struct sockaddr *
fotofolio_mhd_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/* Makes a response of unknown length end with the connection instead of being chunked
   (still an HTTP/1.1 response, with "Connection: close"): its body is then the bytes as
   written, which a live stream may also send on the socket itself while suspended.
   MHD_set_response_options is variadic, which Swift cannot call. */
static inline int
fotofolio_mhd_close_delimited(struct MHD_Response *response)
{
    return MHD_set_response_options(response, MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END) == MHD_YES;
}

/* MHD_get_connection_info is variadic; this asks for the connection's socket, so a
   suspended stream can be watched for the client hanging up. -1 when unknown. */
static inline int
fotofolio_mhd_connection_socket(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/* MHD_get_daemon_info is variadic; this asks for the port actually bound (for port 0). */
static inline uint16_t
fotofolio_mhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

#endif
