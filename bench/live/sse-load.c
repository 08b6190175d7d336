/*
 * sse-load: Server-Sent Events fan-out load, with its own publisher.
 *
 * Opens N event streams (HTTP/1.1 GET, chunked or plain text/event-stream bodies), spread
 * over source addresses 127.0.0.2… and over listener processes, waits until every stream is
 * open, then posts M messages at a fixed rate R. Each message's content is
 * "bench <seq> <send-time-ns>" (CLOCK_MONOTONIC, shared by all processes of the machine);
 * message <seq> goes to room <seq> mod <rooms>, and each stream knows its room, so it knows
 * what it should get. Prints one JSON object: streams opened, connect failures, drops,
 * messages posted, latency percentiles (receive time - send time), lost and duplicated.
 *
 * Targets:
 *   fotofolio  GET /live with the listener's session cookie; POST /messages/{room id} as the
 *              room's poster (form: _csrf, uuid, content; expects 201).
 *   nchan      GET /sub/room<r>; POST /pub/room<r> with the content as body (expects 2xx).
 *   harness    bench/harness/mhd-harness.c in live mode: GET /live?room=<r>; POST /messages/<r>
 *              with the content as body (expects 2xx).
 *
 * One thread per process, epoll, non-blocking sockets, libc only.
 *
 *   cc -O2 -o sse-load sse-load.c
 *   sse-load --target nchan --port 18090 --streams 1000 --room-size 100 --rate 20 --count 300
 *   sse-load --target fotofolio --port 18091 --sessions sessions.txt --streams 1000 ...
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef IP_BIND_ADDRESS_NO_PORT
#define IP_BIND_ADDRESS_NO_PORT 24
#endif

#define MAX_PROCS 16
#define MAX_POST_CONNS 32
#define HEAD_LIMIT 16384

/* ---------- options ---------- */

enum target { FOTOFOLIO, NCHAN, HARNESS };

static struct {
    enum target target;
    const char *host;
    int port;
    int streams;
    int room_size;
    int rooms;
    int procs;
    int addrs;
    double rate;
    int count;
    const char *sessions;
    const char *ready_file;
    const char *samples;    /* file for every delivery: message, sent at, latency */
    double connect_timeout; /* seconds for the connect phase */
    double settle;          /* seconds between "all open" and the first post */
    double drain;           /* seconds to wait for deliveries after the last post answered */
    double limit;           /* hard limit for the whole run */
    int max_pending;        /* connection attempts in flight per listener process */
    int post_conns;         /* publisher connections opened up front */
    int verbose;
} opt = {
    .target = NCHAN, .host = "127.0.0.1", .port = 0, .streams = 1000, .room_size = 100,
    .procs = 0, .addrs = 0, .rate = 20, .count = 300, .connect_timeout = 60, .settle = 1,
    .drain = 5, .limit = 120, .max_pending = 256, .post_conns = 2,
};

/* ---------- sessions (fotofolio) ---------- */

typedef struct { char token[64]; int room; } listener_t;
typedef struct { char token[64]; char csrf[64]; long room_id; } poster_t;
static listener_t *listeners; /* [streams] */
static poster_t *posters;     /* [rooms], by room index */

/* ---------- shared state between the publisher and the listener processes ---------- */

typedef struct {
    int64_t opened;           /* streams open at least once (in the connect phase) */
    int64_t given_up;         /* streams that never opened in the connect phase */
    int64_t open_now;
    int64_t connect_failures; /* failed attempts: refused, reset, timeout, non-200 */
    int64_t drops;            /* open streams closed by the server */
    int64_t reconnects;       /* re-opened after a drop (with Last-Event-ID when known) */
    int64_t delivered;        /* first copies of expected or unconfirmed messages */
    int64_t duplicated;
    int64_t misrouted;        /* a message of another room */
    int64_t unconfirmed;      /* a message whose post was not confirmed */
    int64_t lost;
    int64_t streams_with_loss;
    int64_t bad_events;       /* "bench" data lines that did not parse */
    int64_t status_other;     /* non-200 answers to GET */
    int64_t last_open_ns;     /* when the last stream first opened (CLOCK_MONOTONIC) */
    int last_status;
    int done;
} child_stats_t;

enum post_state { POST_NONE = 0, POST_OK = 1, POST_FAILED = 2, POST_NO_ANSWER = 3 };

typedef struct {
    volatile int phase; /* 0 connect, 1 publishing, 2 stop */
    child_stats_t child[MAX_PROCS];
    int64_t sample_count;
    int64_t sample_cap;
    int64_t room_open[];   /* [rooms], then posted[count] bytes, samples[sample_cap] (µs), sample_seq[sample_cap] */
} shared_t;

static shared_t *sh;
static uint8_t *posted;    /* [count] */
static uint32_t *samples;  /* latency in µs */
static uint32_t *sample_seq; /* the message of each sample */

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "sse-load: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(2);
}

static void say(const char *fmt, ...) {
    if (!opt.verbose) return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "[%d] ", (int)getpid());
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
}

static volatile sig_atomic_t out_of_time;
static void on_alarm(int sig) { (void)sig; out_of_time = 1; }

/* ---------- HTTP helpers ---------- */

/* The value of header `name` in a response head, copied into out; 0 when absent. */
static int header_value(const char *head, const char *name, char *out, size_t cap) {
    size_t n = strlen(name);
    const char *line = strstr(head, "\r\n");
    while (line && line[2] != '\r') {
        line += 2;
        if (strncasecmp(line, name, n) == 0 && line[n] == ':') {
            const char *v = line + n + 1;
            while (*v == ' ' || *v == '\t') v++;
            const char *e = strstr(v, "\r\n");
            size_t len = e ? (size_t)(e - v) : strlen(v);
            if (len >= cap) len = cap - 1;
            memcpy(out, v, len);
            out[len] = 0;
            return 1;
        }
        line = strstr(line, "\r\n");
    }
    return 0;
}

static int status_of(const char *head) {
    if (strncmp(head, "HTTP/1.", 7) != 0) return -1;
    return atoi(head + 9);
}

/* Chunked transfer decoding, fed byte ranges; data goes to `sink` (may be NULL). */
enum { CD_SIZE, CD_EXT, CD_DATA, CD_DATA_END, CD_TRAILER, CD_DONE };
typedef struct { uint8_t st, line_empty; uint32_t left; } chunkdec_t;

typedef void (*sink_fn)(void *ctx, const char *p, size_t n);

static size_t chunk_feed(chunkdec_t *d, const char *p, size_t n, sink_fn sink, void *ctx) {
    size_t i = 0;
    while (i < n && d->st != CD_DONE) {
        char c = p[i];
        switch (d->st) {
        case CD_SIZE:
        case CD_EXT:
            i++;
            if (c == '\n') {
                if (d->left == 0) { d->st = CD_TRAILER; d->line_empty = 1; }
                else d->st = CD_DATA;
            } else if (c == ';') d->st = CD_EXT;
            else if (d->st == CD_SIZE && isxdigit((unsigned char)c))
                d->left = d->left * 16 + (uint32_t)(isdigit((unsigned char)c) ? c - '0' : (tolower((unsigned char)c) - 'a' + 10));
            break;
        case CD_DATA: {
            size_t k = n - i < d->left ? n - i : d->left;
            if (sink) sink(ctx, p + i, k);
            i += k;
            d->left -= (uint32_t)k;
            if (d->left == 0) d->st = CD_DATA_END;
            break;
        }
        case CD_DATA_END:
            i++;
            if (c == '\n') { d->st = CD_SIZE; d->left = 0; }
            break;
        case CD_TRAILER:
            i++;
            if (c == '\n') { if (d->line_empty) d->st = CD_DONE; else d->line_empty = 1; }
            else if (c != '\r') d->line_empty = 0;
            break;
        }
    }
    return i;
}

static int connect_from(const struct sockaddr_in *dst, const struct sockaddr_in *src) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (src) {
        setsockopt(fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
        if (bind(fd, (const struct sockaddr *)src, sizeof *src) < 0) { close(fd); return -1; }
    }
    if (connect(fd, (const struct sockaddr *)dst, sizeof *dst) < 0 && errno != EINPROGRESS) {
        close(fd);
        return -1;
    }
    return fd;
}

static struct sockaddr_in target_address(void) {
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)opt.port);
    if (inet_pton(AF_INET, opt.host, &a.sin_addr) != 1) die("bad host %s", opt.host);
    return a;
}

/* ---------- listener processes ---------- */

enum { S_WAIT, S_CONNECTING, S_HEAD, S_BODY, S_FAILED };

typedef struct {
    int fd;
    int index;
    int room;
    uint8_t state;
    uint8_t ever_open;
    uint8_t chunked;
    uint8_t in_event_matched;
    uint16_t attempts;
    chunkdec_t cd;
    int64_t deadline;   /* connecting: give up at; waiting: retry at */
    char *buf;          /* request while writing, head while reading it, then a partial SSE line */
    size_t len, cap, off;
    char last_id[40];
    uint8_t *seen;      /* bitmap by sequence */
} stream_t;

static stream_t *st;        /* this process's streams */
static int st_count;
static int my_slot;
static int ep;
static int pending;         /* attempts in flight */
static int64_t recv_ns;     /* time of the current recv */
static child_stats_t local; /* counters, copied to shared memory now and then */

static void buf_reserve(stream_t *s, size_t need) {
    if (need <= s->cap) return;
    size_t cap = s->cap ? s->cap : 256;
    while (cap < need) cap *= 2;
    s->buf = realloc(s->buf, cap);
    if (!s->buf) die("out of memory");
    s->cap = cap;
}

static void buf_free(stream_t *s) {
    free(s->buf);
    s->buf = NULL;
    s->len = s->cap = s->off = 0;
}

static void publish_counters(void) {
    child_stats_t *c = &sh->child[my_slot];
    __atomic_store_n(&c->open_now, local.open_now, __ATOMIC_RELAXED);
    __atomic_store_n(&c->connect_failures, local.connect_failures, __ATOMIC_RELAXED);
    __atomic_store_n(&c->drops, local.drops, __ATOMIC_RELAXED);
    __atomic_store_n(&c->reconnects, local.reconnects, __ATOMIC_RELAXED);
    __atomic_store_n(&c->delivered, local.delivered, __ATOMIC_RELAXED);
    __atomic_store_n(&c->duplicated, local.duplicated, __ATOMIC_RELAXED);
    __atomic_store_n(&c->misrouted, local.misrouted, __ATOMIC_RELAXED);
    __atomic_store_n(&c->unconfirmed, local.unconfirmed, __ATOMIC_RELAXED);
    __atomic_store_n(&c->bad_events, local.bad_events, __ATOMIC_RELAXED);
    __atomic_store_n(&c->status_other, local.status_other, __ATOMIC_RELAXED);
    __atomic_store_n(&c->last_status, local.last_status, __ATOMIC_RELAXED);
    __atomic_store_n(&c->last_open_ns, local.last_open_ns, __ATOMIC_RELAXED);
    __atomic_store_n(&c->opened, local.opened, __ATOMIC_RELEASE);
    __atomic_store_n(&c->given_up, local.given_up, __ATOMIC_RELEASE);
}

static void record_message(stream_t *s, long seq, int64_t sent) {
    if (seq < 0 || seq >= opt.count) { local.bad_events++; return; }
    if ((int)(seq % opt.rooms) != s->room) { local.misrouted++; return; }
    uint8_t bit = (uint8_t)(1u << (seq & 7));
    if (s->seen[seq >> 3] & bit) { local.duplicated++; return; }
    s->seen[seq >> 3] |= bit;
    local.delivered++;
    int64_t us = (recv_ns - sent) / 1000;
    if (us < 0) us = 0;
    int64_t k = __atomic_fetch_add(&sh->sample_count, 1, __ATOMIC_RELAXED);
    if (k < sh->sample_cap) {
        samples[k] = us > UINT32_MAX ? UINT32_MAX : (uint32_t)us;
        sample_seq[k] = (uint32_t)seq;
    }
}

/* One complete SSE line (without its end of line). */
static void sse_line(stream_t *s, const char *p, size_t n) {
    if (n && p[n - 1] == '\r') n--;
    if (n == 0) { s->in_event_matched = 0; return; } /* end of an event */
    if (n >= 3 && memcmp(p, "id:", 3) == 0) {
        size_t k = 3;
        if (k < n && p[k] == ' ') k++;
        size_t len = n - k < sizeof s->last_id - 1 ? n - k : sizeof s->last_id - 1;
        memcpy(s->last_id, p + k, len);
        s->last_id[len] = 0;
        return;
    }
    if (n < 5 || memcmp(p, "data:", 5) != 0 || s->in_event_matched) return;
    /* The content sits somewhere in the data (plain for nchan, inside JSON for Fotofolio). */
    const char *m = memmem(p, n, "bench ", 6);
    if (!m) return;
    s->in_event_matched = 1;
    const char *end = p + n;
    const char *q = m + 6;
    long seq = 0;
    int64_t sent = 0;
    int digits = 0;
    while (q < end && isdigit((unsigned char)*q)) { seq = seq * 10 + (*q++ - '0'); digits++; }
    if (!digits || q >= end || *q != ' ') { local.bad_events++; return; }
    q++;
    digits = 0;
    while (q < end && isdigit((unsigned char)*q)) { sent = sent * 10 + (*q++ - '0'); digits++; }
    if (!digits) { local.bad_events++; return; }
    record_message(s, seq, sent);
}

/* Event-stream bytes: split into lines, keeping a partial line in the stream's buffer. */
static void sse_feed(void *ctx, const char *p, size_t n) {
    stream_t *s = ctx;
    while (n > 0) {
        const char *nl = memchr(p, '\n', n);
        if (!nl) {
            buf_reserve(s, s->len + n);
            memcpy(s->buf + s->len, p, n);
            s->len += n;
            return;
        }
        size_t k = (size_t)(nl - p);
        if (s->len) {
            buf_reserve(s, s->len + k);
            memcpy(s->buf + s->len, p, k);
            sse_line(s, s->buf, s->len + k);
            s->len = 0;
        } else {
            sse_line(s, p, k);
        }
        p += k + 1;
        n -= k + 1;
    }
}

static void stream_close(stream_t *s) {
    if (s->fd >= 0) {
        epoll_ctl(ep, EPOLL_CTL_DEL, s->fd, NULL);
        close(s->fd);
        s->fd = -1;
    }
    buf_free(s);
}

/* The stream failed or ended: retry later (before it ever opened, a few times only). */
static void stream_lost(stream_t *s, int was_attempt, int64_t now) {
    if (s->state == S_CONNECTING || s->state == S_HEAD) pending--;
    if (s->state == S_BODY) {
        local.open_now--;
        local.drops++;
    } else if (was_attempt) {
        local.connect_failures++;
    }
    stream_close(s);
    int phase = sh->phase;
    if (phase >= 2) { s->state = S_FAILED; return; }
    if (!s->ever_open && (phase >= 1 || s->attempts >= 3)) {
        s->state = S_FAILED;
        local.given_up++;
        return;
    }
    s->state = S_WAIT;
    s->deadline = now + 2000000000LL; /* the `retry:` both servers announce */
}

static void stream_request(stream_t *s) {
    char last[80] = "";
    if (s->last_id[0]) snprintf(last, sizeof last, "Last-Event-ID: %s\r\n", s->last_id);
    buf_reserve(s, 1024);
    if (opt.target == FOTOFOLIO)
        s->len = (size_t)snprintf(s->buf, s->cap,
            "GET /live HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\n"
            "Cookie: session=%s\r\n%s\r\n", opt.host, opt.port, listeners[s->index].token, last);
    else if (opt.target == HARNESS)
        s->len = (size_t)snprintf(s->buf, s->cap,
            "GET /live?room=%d HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\n%s\r\n",
            s->room, opt.host, opt.port, last);
    else
        s->len = (size_t)snprintf(s->buf, s->cap,
            "GET /sub/room%d HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\n%s\r\n",
            s->room, opt.host, opt.port, last);
    s->off = 0;
}

static void stream_start(stream_t *s, const struct sockaddr_in *dst, int64_t now) {
    struct sockaddr_in src = {0};
    src.sin_family = AF_INET;
    src.sin_addr.s_addr = htonl(0x7f000002u + (uint32_t)(s->index % opt.addrs));
    s->attempts++;
    if (s->ever_open) local.reconnects++;
    s->fd = connect_from(dst, &src);
    s->state = S_CONNECTING;
    pending++;
    if (s->fd < 0) { stream_lost(s, 1, now); return; }
    s->deadline = now + 15000000000LL;
    stream_request(s);
    struct epoll_event ev = {.events = EPOLLOUT, .data.ptr = s};
    if (epoll_ctl(ep, EPOLL_CTL_ADD, s->fd, &ev) < 0) die("epoll_ctl: %s", strerror(errno));
}

static void stream_head_done(stream_t *s, size_t head_len, int64_t now) {
    s->buf[head_len - 1] = 0;
    int status = status_of(s->buf);
    char value[64];
    if (status != 200) {
        local.status_other++;
        local.last_status = status;
        if (local.status_other == 1) fprintf(stderr, "sse-load: GET answered %d:\n%.400s\n", status, s->buf);
        stream_lost(s, 1, now);
        return;
    }
    s->chunked = header_value(s->buf, "Transfer-Encoding", value, sizeof value) && strcasestr(value, "chunked");
    memset(&s->cd, 0, sizeof s->cd);
    size_t rest = s->len - head_len;
    char *tail = NULL;
    if (rest) { tail = malloc(rest); memcpy(tail, s->buf + head_len, rest); }
    s->len = 0;
    s->in_event_matched = 0;
    pending--;
    s->state = S_BODY;
    local.open_now++;
    if (!s->ever_open) {
        if (sh->phase >= 1) { /* too late to count: the run has begun */
            local.open_now--;
            stream_close(s);
            s->state = S_FAILED;
            local.given_up++;
            free(tail);
            return;
        }
        s->ever_open = 1;
        local.opened++;
        local.last_open_ns = now;
        __atomic_fetch_add(&sh->room_open[s->room], 1, __ATOMIC_RELAXED);
    }
    if (s->cap > 4096) buf_free(s); /* the head buffer was big; lines are short */
    if (tail) {
        if (s->chunked) chunk_feed(&s->cd, tail, rest, sse_feed, s);
        else sse_feed(s, tail, rest);
        free(tail);
    }
}

static void stream_event(stream_t *s, uint32_t events, int64_t now) {
    static char rbuf[65536];
    if (s->state == S_CONNECTING) {
        int err = 0;
        socklen_t len = sizeof err;
        getsockopt(s->fd, SOL_SOCKET, SO_ERROR, &err, &len);
        if (err) { stream_lost(s, 1, now); return; }
        ssize_t w = send(s->fd, s->buf + s->off, s->len - s->off, MSG_NOSIGNAL);
        if (w < 0) {
            if (errno == EAGAIN) return;
            stream_lost(s, 1, now);
            return;
        }
        s->off += (size_t)w;
        if (s->off < s->len) return;
        s->len = s->off = 0;
        s->state = S_HEAD;
        struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP, .data.ptr = s};
        epoll_ctl(ep, EPOLL_CTL_MOD, s->fd, &ev);
        return;
    }
    (void)events;
    ssize_t r = recv(s->fd, rbuf, sizeof rbuf, 0);
    if (r < 0 && errno == EAGAIN) return;
    recv_ns = now_ns();
    if (r <= 0) { stream_lost(s, s->state == S_HEAD, recv_ns); return; }
    if (s->state == S_HEAD) {
        size_t from = s->len > 3 ? s->len - 3 : 0;
        buf_reserve(s, s->len + (size_t)r + 1);
        memcpy(s->buf + s->len, rbuf, (size_t)r);
        s->len += (size_t)r;
        s->buf[s->len] = 0;
        char *end = strstr(s->buf + from, "\r\n\r\n");
        if (end) stream_head_done(s, (size_t)(end - s->buf) + 4, recv_ns);
        else if (s->len > HEAD_LIMIT) stream_lost(s, 1, recv_ns);
        return;
    }
    if (s->state != S_BODY) return;
    if (s->chunked) {
        chunk_feed(&s->cd, rbuf, (size_t)r, sse_feed, s);
        if (s->cd.st == CD_DONE) stream_lost(s, 0, recv_ns);
    } else {
        sse_feed(s, rbuf, (size_t)r);
    }
}

static void final_accounting(void) {
    int64_t lost = 0, with_loss = 0;
    for (int i = 0; i < st_count; i++) {
        stream_t *s = &st[i];
        if (!s->ever_open) continue;
        int64_t missing = 0;
        for (long q = s->room; q < opt.count; q += opt.rooms) {
            int seen = (s->seen[q >> 3] >> (q & 7)) & 1;
            if (posted[q] == POST_OK && !seen) missing++;
            if (posted[q] != POST_OK && seen) local.unconfirmed++;
        }
        lost += missing;
        if (missing) with_loss++;
    }
    local.lost = lost;
    local.streams_with_loss = with_loss;
    publish_counters();
    child_stats_t *c = &sh->child[my_slot];
    c->lost = lost;
    c->streams_with_loss = with_loss;
    __atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
}

static void listener_main(int slot, int first, int count, int64_t hard_deadline) {
    my_slot = slot;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    ep = epoll_create1(EPOLL_CLOEXEC);
    if (ep < 0) die("epoll_create1: %s", strerror(errno));
    st_count = count;
    st = calloc((size_t)count, sizeof *st);
    size_t bitmap = (size_t)(opt.count + 7) / 8;
    uint8_t *bits = calloc((size_t)count, bitmap);
    if (!st || !bits) die("out of memory");
    for (int i = 0; i < count; i++) {
        st[i].fd = -1;
        st[i].index = first + i;
        st[i].room = opt.target == FOTOFOLIO ? listeners[first + i].room : (first + i) / opt.room_size;
        st[i].seen = bits + (size_t)i * bitmap;
    }
    struct sockaddr_in dst = target_address();
    struct epoll_event evs[512];
    int next = 0;
    int64_t last_scan = 0, last_publish = 0;
    say("listener %d: streams %d..%d", slot, first, first + count - 1);
    while (sh->phase < 2) {
        int64_t now = now_ns();
        if (now > hard_deadline) break;
        while (next < count && pending < opt.max_pending && sh->phase == 0) stream_start(&st[next++], &dst, now);
        int n = epoll_wait(ep, evs, 512, 20);
        now = now_ns();
        for (int i = 0; i < n; i++) stream_event(evs[i].data.ptr, evs[i].events, now);
        if (now - last_scan > 100000000LL) {
            last_scan = now;
            for (int i = 0; i < next; i++) {
                stream_t *s = &st[i];
                if (s->state == S_WAIT && now >= s->deadline && pending < opt.max_pending) stream_start(s, &dst, now);
                else if ((s->state == S_CONNECTING || s->state == S_HEAD) && now >= s->deadline) stream_lost(s, 1, now);
            }
            if (sh->phase >= 1) /* streams that never opened are not retried now */
                for (int i = next; i < count; i++) { st[i].state = S_FAILED; local.given_up++; }
            if (sh->phase >= 1) next = count;
        }
        if (now - last_publish > 50000000LL) { last_publish = now; publish_counters(); }
    }
    final_accounting();
    _exit(0);
}

/* ---------- publisher (the parent process) ---------- */

enum { P_CLOSED, P_CONNECTING, P_IDLE, P_SENDING, P_HEAD, P_BODY };

typedef struct {
    int fd;
    int state;
    long seq;           /* message in flight, -1 none */
    int64_t sent_ns;
    char req[2048];
    size_t req_len, req_off;
    char head[HEAD_LIMIT + 1];
    size_t head_len;
    int chunked, close_after;
    long body_left;     /* -1 until close */
    chunkdec_t cd;
} pconn_t;

static pconn_t pconns[MAX_POST_CONNS];
static int pep;
static struct sockaddr_in pdst;
static int64_t *post_latency_us;
static int64_t *sent_at;   /* [count]: when each message was posted */
static long post_latency_n, posts_sent, posts_ok, posts_failed, posts_no_answer;
static int post_status_seen[8], post_status_count[8];
static int post_connect_failures;
static int64_t post_lag_max;    /* how late the latest message left against its schedule */
static int64_t post_connect_not_before; /* a refused connect waits a little before the next */

static void note_status(int status) {
    for (int i = 0; i < 8; i++) {
        if (post_status_count[i] && post_status_seen[i] == status) { post_status_count[i]++; return; }
        if (!post_status_count[i]) { post_status_seen[i] = status; post_status_count[i] = 1; return; }
    }
}

static void pconn_close(pconn_t *c) {
    if (c->fd >= 0) { epoll_ctl(pep, EPOLL_CTL_DEL, c->fd, NULL); close(c->fd); }
    c->fd = -1;
    c->state = P_CLOSED;
}

static void pconn_failed(pconn_t *c) {
    post_connect_failures++;
    post_connect_not_before = now_ns() + 50000000LL;
    pconn_close(c);
}

static void pconn_open(pconn_t *c) {
    c->seq = -1;
    if (now_ns() < post_connect_not_before) return;
    c->fd = connect_from(&pdst, NULL);
    if (c->fd < 0) { pconn_failed(c); return; }
    c->state = P_CONNECTING;
    struct epoll_event ev = {.events = EPOLLOUT, .data.ptr = c};
    epoll_ctl(pep, EPOLL_CTL_ADD, c->fd, &ev);
}

static void uuid4(char out[37]) {
    uint8_t b[16];
    if (getrandom(b, sizeof b, 0) != sizeof b) die("getrandom failed");
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
             b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
}

static void post_finish(pconn_t *c, int outcome, int64_t now) {
    if (c->seq < 0) return;
    __atomic_store_n(&posted[c->seq], (uint8_t)outcome, __ATOMIC_RELAXED);
    if (outcome == POST_OK) {
        posts_ok++;
        post_latency_us[post_latency_n++] = (now - c->sent_ns) / 1000;
    } else if (outcome == POST_FAILED) posts_failed++;
    else posts_no_answer++;
    c->seq = -1;
}

static void pconn_send(pconn_t *c, long seq) {
    int room = (int)(seq % opt.rooms);
    c->seq = seq;
    c->sent_ns = now_ns();
    sent_at[seq] = c->sent_ns;
    char content[64];
    if (opt.target == FOTOFOLIO) {
        char uuid[37];
        uuid4(uuid);
        snprintf(content, sizeof content, "bench%%20%ld%%20%lld", seq, (long long)c->sent_ns);
        char body[512];
        int blen = snprintf(body, sizeof body, "_csrf=%s&uuid=%s&content=%s", posters[room].csrf, uuid, content);
        c->req_len = (size_t)snprintf(c->req, sizeof c->req,
            "POST /messages/%ld HTTP/1.1\r\nHost: %s:%d\r\nAccept: application/json\r\nSec-Fetch-Site: same-origin\r\n"
            "Cookie: session=%s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n%s",
            posters[room].room_id, opt.host, opt.port, posters[room].token, blen, body);
    } else {
        int blen = snprintf(content, sizeof content, "bench %ld %lld", seq, (long long)c->sent_ns);
        c->req_len = (size_t)snprintf(c->req, sizeof c->req,
            opt.target == HARNESS
                ? "POST /messages/%d HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n%s"
                : "POST /pub/room%d HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n%s",
            room, opt.host, opt.port, blen, content);
    }
    c->req_off = 0;
    c->state = P_SENDING;
    posts_sent++;
    struct epoll_event ev = {.events = EPOLLOUT, .data.ptr = c};
    epoll_ctl(pep, EPOLL_CTL_MOD, c->fd, &ev);
}

static void pconn_broken(pconn_t *c, int64_t now) {
    post_finish(c, POST_NO_ANSWER, now);
    pconn_close(c);
}

static void pconn_response_done(pconn_t *c, int64_t now) {
    int status = status_of(c->head);
    note_status(status);
    int ok = opt.target == FOTOFOLIO ? status == 201 : (status >= 200 && status < 300);
    if (!ok && posts_failed < 3) fprintf(stderr, "sse-load: POST answered %d:\n%.600s\n", status, c->head);
    post_finish(c, ok ? POST_OK : POST_FAILED, now);
    if (c->close_after) { pconn_close(c); return; }
    c->state = P_IDLE;
    struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP, .data.ptr = c};
    epoll_ctl(pep, EPOLL_CTL_MOD, c->fd, &ev);
}

static void pconn_body(pconn_t *c, const char *p, size_t n, int64_t now) {
    if (c->chunked) {
        chunk_feed(&c->cd, p, n, NULL, NULL);
        if (c->cd.st == CD_DONE) pconn_response_done(c, now);
    } else if (c->body_left >= 0) {
        c->body_left -= (long)n;
        if (c->body_left <= 0) pconn_response_done(c, now);
    }
}

static void pconn_event(pconn_t *c, int64_t now) {
    static char rbuf[65536];
    if (c->state == P_CONNECTING) {
        int err = 0;
        socklen_t len = sizeof err;
        getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len);
        if (err) { pconn_failed(c); return; }
        c->state = P_IDLE;
        struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP, .data.ptr = c};
        epoll_ctl(pep, EPOLL_CTL_MOD, c->fd, &ev);
        return;
    }
    if (c->state == P_SENDING) {
        ssize_t w = send(c->fd, c->req + c->req_off, c->req_len - c->req_off, MSG_NOSIGNAL);
        if (w < 0) { if (errno != EAGAIN) pconn_broken(c, now); return; }
        c->req_off += (size_t)w;
        if (c->req_off < c->req_len) return;
        c->state = P_HEAD;
        c->head_len = 0;
        struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP, .data.ptr = c};
        epoll_ctl(pep, EPOLL_CTL_MOD, c->fd, &ev);
        return;
    }
    ssize_t r = recv(c->fd, rbuf, sizeof rbuf, 0);
    if (r < 0 && errno == EAGAIN) return;
    if (r <= 0) {
        if (c->state == P_BODY && c->body_left < 0 && !c->chunked) pconn_response_done(c, now);
        if (c->state != P_CLOSED) pconn_broken(c, now);
        return;
    }
    if (c->state == P_IDLE) { pconn_close(c); return; } /* unexpected bytes */
    if (c->state == P_HEAD) {
        size_t from = c->head_len > 3 ? c->head_len - 3 : 0;
        size_t k = (size_t)r;
        if (c->head_len + k > HEAD_LIMIT) { pconn_broken(c, now); return; }
        memcpy(c->head + c->head_len, rbuf, k);
        c->head_len += k;
        c->head[c->head_len] = 0;
        char *end = strstr(c->head + from, "\r\n\r\n");
        if (!end) return;
        size_t hl = (size_t)(end - c->head) + 4;
        char value[64];
        c->chunked = header_value(c->head, "Transfer-Encoding", value, sizeof value) && strcasestr(value, "chunked");
        c->close_after = header_value(c->head, "Connection", value, sizeof value) && strcasestr(value, "close");
        c->body_left = header_value(c->head, "Content-Length", value, sizeof value) ? atol(value) : (c->chunked ? 0 : -1);
        int status = status_of(c->head);
        if (status == 204 || status == 304) c->body_left = 0, c->chunked = 0;
        memset(&c->cd, 0, sizeof c->cd);
        c->state = P_BODY;
        size_t rest = c->head_len - hl;
        if (rest == 0 && c->body_left == 0 && !c->chunked) { pconn_response_done(c, now); return; }
        /* keep the head readable for error messages: body bytes are counted, not kept */
        char tail[HEAD_LIMIT];
        memcpy(tail, c->head + hl, rest);
        c->head[hl] = 0;
        if (rest) pconn_body(c, tail, rest, now);
        return;
    }
    if (c->state == P_BODY) pconn_body(c, rbuf, (size_t)r, now);
}

static pconn_t *idle_conn(void) {
    for (int i = 0; i < MAX_POST_CONNS; i++)
        if (pconns[i].state == P_IDLE) return &pconns[i];
    return NULL;
}

static int64_t children_sum(size_t offset) {
    int64_t sum = 0;
    for (int k = 0; k < opt.procs; k++)
        sum += __atomic_load_n((int64_t *)((char *)&sh->child[k] + offset), __ATOMIC_ACQUIRE);
    return sum;
}
#define SUM(field) children_sum(offsetof(child_stats_t, field))

static int64_t expected_deliveries(void) {
    int64_t total = 0;
    for (long q = 0; q < opt.count; q++)
        if (posted[q] == POST_OK) total += sh->room_open[q % opt.rooms];
    return total;
}

/* Posts every message at its time; returns when all have an answer or time is up. */
static void publish(int64_t hard_deadline) {
    int tfd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    struct epoll_event tev = {.events = EPOLLIN, .data.ptr = NULL};
    epoll_ctl(pep, EPOLL_CTL_ADD, tfd, &tev);
    int64_t start = now_ns();
    int64_t interval = (int64_t)(1e9 / opt.rate);
    long next = 0;
    struct epoll_event evs[64];
    int64_t answer_deadline = 0;
    for (;;) {
        int64_t now = now_ns();
        if (out_of_time || now > hard_deadline) break;
        /* send whatever is due and has a connection */
        while (next < opt.count && start + next * interval <= now) {
            pconn_t *c = idle_conn();
            if (!c) {
                /* A fixed pool: a closed connection is replaced, but none is added, since a
                   server at its connection limit leaves new ones unanswered. */
                for (int i = 0; i < opt.post_conns; i++)
                    if (pconns[i].state == P_CLOSED) { pconn_open(&pconns[i]); break; }
                break;
            }
            int64_t lag = now - (start + next * interval);
            if (lag > post_lag_max) post_lag_max = lag;
            pconn_send(c, next++);
        }
        int busy = 0;
        for (int i = 0; i < MAX_POST_CONNS; i++) if (pconns[i].seq >= 0) busy++;
        if (next >= opt.count) {
            if (!busy) break;
            if (!answer_deadline) answer_deadline = now + 10000000000LL;
            if (now > answer_deadline) break;
        }
        /* A message already due waits for a connection event, not the timer. */
        if (next < opt.count && start + next * interval > now) {
            int64_t due = start + next * interval;
            struct itimerspec its = {0};
            its.it_value.tv_sec = due / 1000000000LL;
            its.it_value.tv_nsec = due % 1000000000LL;
            timerfd_settime(tfd, TFD_TIMER_ABSTIME, &its, NULL);
        }
        int waiting = next < opt.count && start + next * interval <= now;
        int n = epoll_wait(pep, evs, 64, waiting ? 10 : 100);
        now = now_ns();
        for (int i = 0; i < n; i++) {
            if (!evs[i].data.ptr) { uint64_t x; (void)!read(tfd, &x, sizeof x); continue; }
            pconn_event(evs[i].data.ptr, now);
        }
    }
    for (int i = 0; i < MAX_POST_CONNS; i++)
        if (pconns[i].seq >= 0) pconn_broken(&pconns[i], now_ns());
    close(tfd);
    say("published %ld of %d in %.1f s, lag max %.1f ms", posts_sent, opt.count, (now_ns() - start) / 1e9, post_lag_max / 1e6);
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}
static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static double pct_u32(uint32_t *v, int64_t n, double p) {
    if (n == 0) return -1;
    int64_t k = (int64_t)(p * n + 0.999999) - 1;
    if (k < 0) k = 0;
    if (k >= n) k = n - 1;
    return v[k] / 1000.0;
}
static double pct_i64(int64_t *v, int64_t n, double p) {
    if (n == 0) return -1;
    int64_t k = (int64_t)(p * n + 0.999999) - 1;
    if (k < 0) k = 0;
    if (k >= n) k = n - 1;
    return v[k] / 1000.0;
}

/* ---------- set-up ---------- */

static void load_sessions(void) {
    FILE *f = fopen(opt.sessions, "r");
    if (!f) die("cannot read %s: %s", opt.sessions, strerror(errno));
    listeners = calloc((size_t)opt.streams, sizeof *listeners);
    posters = calloc((size_t)opt.rooms, sizeof *posters);
    int nl = 0, np = 0;
    char line[512], kind[16];
    while (fgets(line, sizeof line, f)) {
        int room;
        if (sscanf(line, "%15s", kind) != 1 || kind[0] == '#') continue;
        if (strcmp(kind, "listener") == 0) {
            char token[64];
            if (sscanf(line, "%*s %d %63s", &room, token) != 2) die("bad line: %s", line);
            if (nl >= opt.streams) continue;
            if (room < 0 || room >= opt.rooms) die("listener room %d outside 0..%d", room, opt.rooms - 1);
            listeners[nl].room = room;
            strcpy(listeners[nl].token, token);
            nl++;
        } else if (strcmp(kind, "poster") == 0) {
            long id;
            char token[64], csrf[64];
            if (sscanf(line, "%*s %d %ld %63s %63s", &room, &id, token, csrf) != 4) die("bad line: %s", line);
            if (room < 0 || room >= opt.rooms) continue;
            posters[room].room_id = id;
            strcpy(posters[room].token, token);
            strcpy(posters[room].csrf, csrf);
            np++;
        }
    }
    fclose(f);
    if (nl < opt.streams) die("%s has %d listeners, %d wanted", opt.sessions, nl, opt.streams);
    for (int r = 0; r < opt.rooms; r++) if (!posters[r].room_id) die("no poster for room %d", r);
    (void)np;
}

static void usage(void) {
    fprintf(stderr,
        "usage: sse-load --target fotofolio|nchan|harness --port P [options]\n"
        "  --host A            server address (127.0.0.1)\n"
        "  --streams N         event streams (1000)\n"
        "  --room-size G       listeners per room (100); message s goes to room s mod ceil(N/G)\n"
        "  --sessions FILE     fotofolio: listener/poster sessions written by seed.py\n"
        "  --procs K           listener processes (N/15000 rounded up)\n"
        "  --addrs A           source addresses 127.0.0.2... (N/200 rounded up, at most 253)\n"
        "  --rate R --count M  messages per second and in all (20, 300)\n"
        "  --connect-timeout S --settle S --drain S --limit S   (60, 1, 5, 120)\n"
        "  --max-pending K     connection attempts in flight per process (256)\n"
        "  --post-conns K      publisher connections, opened before the streams (2)\n"
        "  --ready-file PATH   created when every stream is open, removed when they close\n"
        "  --samples FILE      every delivery: message, sent at (ms), latency (ms)\n"
        "  -v                  progress on stderr\n");
    exit(2);
}

int main(int argc, char **argv) {
    static struct option longs[] = {
        {"target", 1, 0, 't'}, {"host", 1, 0, 'H'}, {"port", 1, 0, 'p'}, {"streams", 1, 0, 'n'},
        {"room-size", 1, 0, 'g'}, {"sessions", 1, 0, 's'}, {"procs", 1, 0, 'k'}, {"addrs", 1, 0, 'a'},
        {"rate", 1, 0, 'r'}, {"count", 1, 0, 'm'}, {"connect-timeout", 1, 0, 'c'}, {"settle", 1, 0, 'S'},
        {"drain", 1, 0, 'd'}, {"limit", 1, 0, 'l'}, {"max-pending", 1, 0, 'P'}, {"ready-file", 1, 0, 'R'},
        {"post-conns", 1, 0, 'C'}, {"samples", 1, 0, 'D'}, {"verbose", 0, 0, 'v'}, {"help", 0, 0, 'h'}, {0, 0, 0, 0}};
    int ch;
    while ((ch = getopt_long(argc, argv, "v", longs, NULL)) != -1) {
        switch (ch) {
        case 't':
            if (strcmp(optarg, "fotofolio") == 0) opt.target = FOTOFOLIO;
            else if (strcmp(optarg, "nchan") == 0) opt.target = NCHAN;
            else if (strcmp(optarg, "harness") == 0) opt.target = HARNESS;
            else usage();
            break;
        case 'H': opt.host = optarg; break;
        case 'p': opt.port = atoi(optarg); break;
        case 'n': opt.streams = atoi(optarg); break;
        case 'g': opt.room_size = atoi(optarg); break;
        case 's': opt.sessions = optarg; break;
        case 'k': opt.procs = atoi(optarg); break;
        case 'a': opt.addrs = atoi(optarg); break;
        case 'r': opt.rate = atof(optarg); break;
        case 'm': opt.count = atoi(optarg); break;
        case 'c': opt.connect_timeout = atof(optarg); break;
        case 'S': opt.settle = atof(optarg); break;
        case 'd': opt.drain = atof(optarg); break;
        case 'l': opt.limit = atof(optarg); break;
        case 'P': opt.max_pending = atoi(optarg); break;
        case 'R': opt.ready_file = optarg; break;
        case 'C': opt.post_conns = atoi(optarg); break;
        case 'D': opt.samples = optarg; break;
        case 'v': opt.verbose = 1; break;
        default: usage();
        }
    }
    if (opt.port <= 0 || opt.streams <= 0 || opt.room_size <= 0 || opt.rate <= 0 || opt.count <= 0) usage();
    if (opt.target == FOTOFOLIO && !opt.sessions) die("--sessions is needed for fotofolio");
    opt.rooms = (opt.streams + opt.room_size - 1) / opt.room_size;
    if (!opt.procs) opt.procs = (opt.streams + 14999) / 15000;
    if (opt.procs > MAX_PROCS) opt.procs = MAX_PROCS;
    if (!opt.addrs) opt.addrs = (opt.streams + 199) / 200;
    if (opt.addrs > 253) opt.addrs = 253;
    if (opt.post_conns < 1) opt.post_conns = 1;
    if (opt.post_conns > MAX_POST_CONNS) opt.post_conns = MAX_POST_CONNS;
    if (opt.target == FOTOFOLIO) load_sessions();

    int64_t sample_cap = (int64_t)opt.count * opt.room_size + 1024;
    size_t size = sizeof(shared_t) + (size_t)opt.rooms * sizeof(int64_t) + (size_t)opt.count + 8
                  + 2 * (size_t)sample_cap * sizeof(uint32_t);
    sh = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED) die("mmap: %s", strerror(errno));
    sh->sample_cap = sample_cap;
    posted = (uint8_t *)&sh->room_open[opt.rooms];
    samples = (uint32_t *)(((uintptr_t)(posted + opt.count) + 7) & ~(uintptr_t)7);
    sample_seq = samples + sample_cap;
    post_latency_us = calloc((size_t)opt.count, sizeof *post_latency_us);
    sent_at = calloc((size_t)opt.count, sizeof *sent_at);

    signal(SIGPIPE, SIG_IGN);
    signal(SIGALRM, on_alarm);
    alarm((unsigned)opt.limit + 1);
    int64_t t0 = now_ns();
    int64_t hard_deadline = t0 + (int64_t)(opt.limit * 1e9);

    /* The publisher connects first, so a server connection limit falls on streams, not posts. */
    pdst = target_address();
    pep = epoll_create1(EPOLL_CLOEXEC);
    for (int i = 0; i < MAX_POST_CONNS; i++) { pconns[i].fd = -1; pconns[i].seq = -1; }
    for (int i = 0; i < opt.post_conns; i++) pconn_open(&pconns[i]);
    for (int spins = 0; spins < 100; spins++) {
        struct epoll_event evs[MAX_POST_CONNS];
        int n = epoll_wait(pep, evs, MAX_POST_CONNS, 20);
        for (int i = 0; i < n; i++) pconn_event(evs[i].data.ptr, now_ns());
        int ready = 0;
        for (int i = 0; i < opt.post_conns; i++) if (pconns[i].state == P_IDLE || pconns[i].state == P_CLOSED) ready++;
        if (ready == opt.post_conns) break;
    }

    pid_t pids[MAX_PROCS];
    for (int k = 0; k < opt.procs; k++) {
        int first = (int)((int64_t)opt.streams * k / opt.procs);
        int last = (int)((int64_t)opt.streams * (k + 1) / opt.procs);
        pid_t pid = fork();
        if (pid < 0) die("fork: %s", strerror(errno));
        if (pid == 0) {
            close(pep);
            for (int i = 0; i < MAX_POST_CONNS; i++) if (pconns[i].fd >= 0) close(pconns[i].fd);
            listener_main(k, first, last - first, hard_deadline + 3000000000LL);
        }
        pids[k] = pid;
    }

    /* Connect phase: until every stream is open or given up. */
    int64_t connect_deadline = t0 + (int64_t)(opt.connect_timeout * 1e9);
    int64_t last_say = 0;
    while (!out_of_time) {
        int64_t opened = SUM(opened), given_up = SUM(given_up);
        if (opened + given_up >= opt.streams || now_ns() > connect_deadline) break;
        if (now_ns() - last_say > 2000000000LL) {
            last_say = now_ns();
            say("open %lld, given up %lld, failures %lld", (long long)opened, (long long)given_up, (long long)SUM(connect_failures));
        }
        usleep(20000);
    }
    double connect_s = (now_ns() - t0) / 1e9;
    __atomic_store_n(&sh->phase, 1, __ATOMIC_RELEASE);
    usleep(150000); /* let stragglers see the phase: they are not counted from here on */
    int64_t opened = SUM(opened);
    say("connect phase over after %.1f s: %lld open", connect_s, (long long)opened);
    if (opt.ready_file) { FILE *f = fopen(opt.ready_file, "w"); if (f) { fprintf(f, "%lld\n", (long long)opened); fclose(f); } }
    usleep((useconds_t)(opt.settle * 1e6));

    int64_t publish_start = now_ns();
    if (!out_of_time) publish(hard_deadline);
    double publish_s = (now_ns() - publish_start) / 1e9;

    /* Drain: until everything expected arrived, or the drain time is over. */
    int64_t expected = expected_deliveries();
    int64_t drain_deadline = now_ns() + (int64_t)(opt.drain * 1e9);
    while (!out_of_time && now_ns() < drain_deadline && now_ns() < hard_deadline) {
        if (SUM(delivered) >= expected) break;
        usleep(20000);
    }
    int64_t open_at_end = SUM(open_now);
    if (opt.ready_file) unlink(opt.ready_file);
    __atomic_store_n(&sh->phase, 2, __ATOMIC_RELEASE);

    /* Children count losses and leave; wait at most 10 s for them. */
    int timed_out = out_of_time;
    int64_t wait_deadline = now_ns() + 10000000000LL;
    int alive = opt.procs;
    while (alive > 0) {
        int status;
        pid_t p = waitpid(-1, &status, WNOHANG);
        if (p > 0) { alive--; continue; }
        if (p < 0 && errno != EINTR) break;
        if (now_ns() > wait_deadline) {
            for (int k = 0; k < opt.procs; k++) kill(pids[k], SIGKILL);
            timed_out = 1;
            while (waitpid(-1, NULL, 0) > 0) {}
            break;
        }
        usleep(10000);
    }

    int64_t n = sh->sample_count < sh->sample_cap ? sh->sample_count : sh->sample_cap;
    if (opt.samples) {
        FILE *f = fopen(opt.samples, "w");
        if (!f) die("cannot write %s: %s", opt.samples, strerror(errno));
        fprintf(f, "# message, sent (ms after the first post), latency (ms)\n");
        for (int64_t i = 0; i < n; i++)
            fprintf(f, "%u %.3f %.3f\n", sample_seq[i], (sent_at[sample_seq[i]] - publish_start) / 1e6, samples[i] / 1e3);
        fclose(f);
    }
    int64_t last_open = 0;
    for (int k = 0; k < opt.procs; k++) if (sh->child[k].last_open_ns > last_open) last_open = sh->child[k].last_open_ns;
    qsort(samples, (size_t)n, sizeof *samples, cmp_u32);
    qsort(post_latency_us, (size_t)post_latency_n, sizeof *post_latency_us, cmp_i64);
    int all_done = 1;
    for (int k = 0; k < opt.procs; k++) if (!sh->child[k].done) all_done = 0;

    printf("{\"target\":\"%s\",\"streams\":%d,\"rooms\":%d,\"room_size\":%d,\"procs\":%d,\"addresses\":%d,",
           opt.target == FOTOFOLIO ? "fotofolio" : opt.target == HARNESS ? "harness" : "nchan", opt.streams, opt.rooms, opt.room_size, opt.procs, opt.addrs);
    printf("\"rate\":%g,\"count\":%d,\"connect_s\":%.2f,\"open_s\":%.2f,\"publish_s\":%.2f,", opt.rate, opt.count,
           connect_s, last_open ? (last_open - t0) / 1e9 : -1.0, publish_s);
    printf("\"opened\":%lld,\"never_opened\":%lld,\"connect_failures\":%lld,\"get_status_other\":%lld,\"last_get_status\":%d,",
           (long long)opened, (long long)(opt.streams - opened), (long long)SUM(connect_failures),
           (long long)SUM(status_other), sh->child[0].last_status);
    printf("\"open_at_end\":%lld,\"drops\":%lld,\"reconnects\":%lld,",
           (long long)open_at_end, (long long)SUM(drops), (long long)SUM(reconnects));
    printf("\"posted\":%ld,\"post_ok\":%ld,\"post_failed\":%ld,\"post_no_answer\":%ld,\"post_connect_failures\":%d,\"post_status\":{",
           posts_sent, posts_ok, posts_failed, posts_no_answer, post_connect_failures);
    for (int i = 0; i < 8 && post_status_count[i]; i++)
        printf("%s\"%d\":%d", i ? "," : "", post_status_seen[i], post_status_count[i]);
    printf("},\"post_p50_ms\":%.2f,\"post_p99_ms\":%.2f,\"post_max_ms\":%.2f,\"post_lag_max_ms\":%.2f,",
           pct_i64(post_latency_us, post_latency_n, 0.5), pct_i64(post_latency_us, post_latency_n, 0.99),
           pct_i64(post_latency_us, post_latency_n, 1.0), post_lag_max / 1e6);
    printf("\"expected\":%lld,\"delivered\":%lld,\"lost\":%lld,\"streams_with_loss\":%lld,\"duplicated\":%lld,"
           "\"misrouted\":%lld,\"unconfirmed_received\":%lld,\"bad_events\":%lld,",
           (long long)expected, (long long)(SUM(delivered) - SUM(unconfirmed)), (long long)SUM(lost),
           (long long)SUM(streams_with_loss), (long long)SUM(duplicated), (long long)SUM(misrouted),
           (long long)SUM(unconfirmed), (long long)SUM(bad_events));
    printf("\"count_latency\":%lld,\"p50_ms\":%.2f,\"p90_ms\":%.2f,\"p99_ms\":%.2f,\"max_ms\":%.2f,",
           (long long)n, pct_u32(samples, n, 0.5), pct_u32(samples, n, 0.9), pct_u32(samples, n, 0.99),
           pct_u32(samples, n, 1.0));
    printf("\"complete\":%s,\"timed_out\":%s,\"wall_s\":%.2f}\n", all_done ? "true" : "false",
           timed_out ? "true" : "false", (now_ns() - t0) / 1e9);
    return timed_out || !all_done ? 1 : 0;
}
