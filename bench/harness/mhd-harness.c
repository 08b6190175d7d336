/*
 * mhd-harness: libmicrohttpd alone, set up as Fotofolio's HTTPServer sets it up, answering
 * from memory. It is the ceiling of the design: what the same daemon, threads and
 * suspend/resume give when no application work is done.
 *
 * Daemon (as Sources/HTTPServer/DaemonOptions.swift and Sources/CMicroHTTPD/shim.h):
 *   MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_TURBO | MHD_ALLOW_SUSPEND_RESUME,
 *   MHD_OPTION_THREAD_POOL_SIZE = the processors online (ProcessInfo.activeProcessorCount),
 *   MHD_OPTION_CONNECTION_LIMIT = the file limit less 512, at least 1,000 (Serve.connectionLimit),
 *   MHD_OPTION_PER_IP_CONNECTION_LIMIT 256, MHD_OPTION_CONNECTION_TIMEOUT 60 s,
 *   MHD_OPTION_LISTEN_BACKLOG_SIZE 1024, MHD_OPTION_LISTENING_ADDRESS_REUSE 1, the address
 *   bound through MHD_OPTION_SOCK_ADDR, the connection and completion notifications and the
 *   unescape callback that keeps the path as received. The connection memory pool is
 *   libmicrohttpd's default unless --pool-bytes sets MHD_OPTION_CONNECTION_MEMORY_LIMIT.
 *   A request is answered on the access handler's second call, as HTTPDaemon does.
 *
 * page mode: GET of any path answers 200 with the bytes of --body FILE (or, with --dir DIR,
 *   the file DIR/<path>, "/" being DIR/index.html), read once at start and handed to
 *   libmicrohttpd with MHD_create_response_from_buffer(MHD_RESPMEM_PERSISTENT), with the
 *   headers Fotofolio's page carries (content-type, content-language, vary, cache-control,
 *   the six security headers, x-request-id, and set-cookie for a request with neither a
 *   csrf nor a session cookie, as Fotofolio's first visit).
 *
 * live mode: GET /live?room=R opens a Server-Sent Events stream as LiveEndpoint does (the
 *   same headers; the body made by MHD_create_response_from_callback with a 1,024-byte
 *   block, ended with the connection; "retry: 2000" first). The reader suspends the
 *   connection when nothing is queued (MHD_suspend_connection). POST /messages/R (any body,
 *   kept as the event's content) answers 201 and hands the event to the hub thread, which
 *   queues the frame "id: <n>\nevent: message\ndata: <json>\n\n" to every stream of room R,
 *   then flushes each, as LiveHub's fan-out does. How a flush reaches the client:
 *     --deliver direct (default, as ResponseStreamWriter): while the connection is
 *       suspended the frame is sent on its socket at once (send, MSG_DONTWAIT); the
 *       connection is resumed only for what the socket did not take, and to end.
 *     --deliver resume: every frame wakes the connection (MHD_resume_connection) and goes
 *       out through libmicrohttpd's reader: libmicrohttpd's own cost of a delivery.
 *   A heartbeat comment goes to every stream every --heartbeat seconds (15), 250 at a
 *   time; a thread watches suspended streams' sockets for the client hanging up
 *   (EPOLLRDHUP), as HangUpWatch does. The frame's data is padded to --frame-bytes (the
 *   size of Fotofolio's frame for the benchmark's message) and made once per event.
 *
 *   gcc -O2 -o mhd-harness mhd-harness.c $(pkg-config --cflags --libs libmicrohttpd) -lpthread
 *   mhd-harness page --port 18082 --body page.html
 *   mhd-harness page --port 18082 --dir www
 *   mhd-harness live --port 18097 [--deliver resume] [--frame-bytes 1100]
 *
 * SIGTERM or SIGINT ends the streams and stops the daemon.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "mhd-harness: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(2);
}

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) die("out of memory");
    return p;
}

/* ---------- options ---------- */

enum mode { PAGE, LIVE };
enum deliver { DIRECT, RESUME };

static struct {
    enum mode mode;
    const char *host;
    int port;
    const char *body;
    const char *dir;
    int threads;
    size_t pool_bytes;
    enum deliver deliver;
    int frame_bytes;
    double heartbeat;
    int verbose;
} opt = {.host = "127.0.0.1", .port = 0, .threads = 0, .deliver = DIRECT, .frame_bytes = 0, .heartbeat = 15};

/* ---------- counters (HTTPDaemon keeps the same ones) ---------- */

static atomic_long open_connections, active_requests, requests_served, next_request_id;
static char request_prefix[8];

/* ---------- page mode ---------- */

/* Fotofolio's page response carries these (SecurityHeaders and the page's own). */
static const char *const page_headers[][2] = {
    {"content-language", "cs"},
    {"vary", "Accept-Language, Cookie, X-Fragment"},
    {"cache-control", "private, no-cache"},
    {"content-security-policy",
     "default-src 'self'; script-src 'self' 'sha256-pzj8xwE5ZUWhPZgnACM3uO1eRr6k6NhqW6m+oXs3nUU='; style-src 'self'; "
     "img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; "
     "object-src 'none'; frame-ancestors 'none'"},
    {"x-content-type-options", "nosniff"},
    {"referrer-policy", "strict-origin-when-cross-origin"},
    {"permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"},
    {"x-frame-options", "DENY"},
    {"cross-origin-opener-policy", "same-origin"},
};

typedef struct {
    char *path;         /* "/name" */
    char *bytes;
    size_t size;
    const char *type;
} page_t;

static page_t *pages;
static int page_count;
static page_t *any_path; /* --body: every path */

static const char *type_of(const char *name) {
    const char *dot = strrchr(name, '.');
    if (dot && strcmp(dot, ".css") == 0) return "text/css; charset=utf-8";
    if (dot && strcmp(dot, ".js") == 0) return "text/javascript; charset=utf-8";
    if (dot && strcmp(dot, ".json") == 0) return "application/json";
    return "text/html; charset=utf-8";
}

static void read_file(const char *file, page_t *p) {
    int fd = open(file, O_RDONLY | O_CLOEXEC);
    if (fd < 0) die("cannot read %s: %s", file, strerror(errno));
    struct stat stt;
    if (fstat(fd, &stt) < 0) die("cannot stat %s", file);
    p->size = (size_t)stt.st_size;
    p->bytes = xmalloc(p->size);
    size_t got = 0;
    while (got < p->size) {
        ssize_t r = read(fd, p->bytes + got, p->size - got);
        if (r <= 0) die("cannot read %s", file);
        got += (size_t)r;
    }
    close(fd);
    p->type = type_of(file);
}

static void load_dir(const char *dir, const char *prefix) {
    DIR *d = opendir(dir);
    if (!d) die("cannot open %s: %s", dir, strerror(errno));
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char file[4096], path[4096];
        snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
        snprintf(path, sizeof path, "%s/%s", prefix, e->d_name);
        struct stat stt;
        if (stat(file, &stt) < 0) continue;
        if (S_ISDIR(stt.st_mode)) { load_dir(file, path); continue; }
        if (!S_ISREG(stt.st_mode)) continue;
        pages = realloc(pages, (size_t)(page_count + 1) * sizeof *pages);
        if (!pages) die("out of memory");
        page_t *p = &pages[page_count++];
        read_file(file, p);
        p->path = strdup(path);
    }
    closedir(d);
}

static page_t *page_for(const char *url) {
    if (any_path) return any_path;
    char path[4096];
    size_t n = strcspn(url, "?");
    if (n >= sizeof path - 16) return NULL;
    memcpy(path, url, n);
    path[n] = 0;
    if (n == 0 || path[n - 1] == '/') strcat(path, "index.html");
    for (int i = 0; i < page_count; i++)
        if (strcmp(pages[i].path, path) == 0) return &pages[i];
    return NULL;
}

/* A request id as RequestID.next() makes it: a random prefix and a counter in base 36. */
static void request_id(char *out, size_t cap) {
    unsigned long n = (unsigned long)atomic_fetch_add_explicit(&next_request_id, 1, memory_order_relaxed) + 1;
    char digits[16];
    int k = 0;
    do { digits[k++] = "0123456789abcdefghijklmnopqrstuvwxyz"[n % 36]; n /= 36; } while (n);
    size_t len = (size_t)snprintf(out, cap, "%s-", request_prefix);
    while (k && len + 1 < cap) out[len++] = digits[--k];
    out[len] = 0;
}

/* A CSRF cookie value like RandomToken.make(): 43 base64url characters. */
static void token(char out[44]) {
    static _Thread_local uint64_t x;
    if (!x) x = (uint64_t)time(NULL) ^ ((uint64_t)(uintptr_t)&x << 16) ^ 0x9e3779b97f4a7c15ULL;
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (int i = 0; i < 43; i++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        out[i] = alphabet[x & 63];
    }
    out[43] = 0;
}

static enum MHD_Result answer_text(struct MHD_Connection *c, unsigned status, const char *text) {
    struct MHD_Response *r = MHD_create_response_from_buffer(strlen(text), (void *)text, MHD_RESPMEM_PERSISTENT);
    if (!r) return MHD_NO;
    MHD_add_response_header(r, "content-type", "text/plain; charset=utf-8");
    enum MHD_Result ok = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result answer_page(struct MHD_Connection *c, const char *url) {
    page_t *p = page_for(url);
    if (!p) return answer_text(c, MHD_HTTP_NOT_FOUND, "not found\n");
    struct MHD_Response *r = MHD_create_response_from_buffer(p->size, p->bytes, MHD_RESPMEM_PERSISTENT);
    if (!r) return MHD_NO;
    MHD_add_response_header(r, "content-type", p->type);
    for (size_t i = 0; i < sizeof page_headers / sizeof page_headers[0]; i++)
        MHD_add_response_header(r, page_headers[i][0], page_headers[i][1]);
    /* A first visit (no CSRF cookie, not signed in) gets one, as Fotofolio's guest does. */
    if (!MHD_lookup_connection_value(c, MHD_COOKIE_KIND, "csrf") && !MHD_lookup_connection_value(c, MHD_COOKIE_KIND, "session")) {
        char cookie[96], value[44];
        token(value);
        snprintf(cookie, sizeof cookie, "csrf=%s; Path=/; HttpOnly; SameSite=Lax", value);
        MHD_add_response_header(r, "set-cookie", cookie);
    }
    char id[32];
    request_id(id, sizeof id);
    MHD_add_response_header(r, "x-request-id", id);
    enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return ok;
}

/* ---------- live mode: streams ---------- */

#define MAX_BACKLOG (1 << 20) /* ResponseStreamWriter.maximumBacklog */
#define STREAM_BLOCK 1024     /* HTTPDaemon.streamBlockSize */
#define HEARTBEAT_SLICE 250   /* LiveHub.heartbeatSlice */

typedef struct stream {
    pthread_mutex_t lock;
    atomic_int refs;
    struct MHD_Connection *conn;
    int socket;
    int room;
    /* guarded by lock */
    char *pending;
    size_t pending_len;
    int finished, closed, abandoned, suspended;
    /* guarded by the registry's lock */
    int registered, room_index, all_index, watch_slot;
    uint32_t watch_generation;
} stream_t;

static void stream_unref(stream_t *s) {
    if (atomic_fetch_sub_explicit(&s->refs, 1, memory_order_acq_rel) == 1) {
        pthread_mutex_destroy(&s->lock);
        free(s->pending);
        free(s);
    }
}

/* Whoever clears `suspended` resumes the connection, exactly once (takeSuspension). */
static int take_suspension(stream_t *s) {
    int was = s->suspended;
    s->suspended = 0;
    return was;
}

static atomic_long delivered_total, direct_sends, resumes;

static void resume(stream_t *s) {
    atomic_fetch_add_explicit(&resumes, 1, memory_order_relaxed);
    MHD_resume_connection(s->conn);
}

/* Queues bytes; false when the stream is over (or now over: its backlog is full). */
static int stream_queue(stream_t *s, const char *bytes, size_t n) {
    int accepted = 1, wake = 0;
    pthread_mutex_lock(&s->lock);
    if (s->finished || s->closed) {
        accepted = 0;
    } else if (s->pending_len + n > MAX_BACKLOG) {
        s->finished = 1;
        free(s->pending);
        s->pending = NULL;
        s->pending_len = 0;
        accepted = 0;
        wake = take_suspension(s);
    } else {
        s->pending = realloc(s->pending, s->pending_len + n);
        if (!s->pending) die("out of memory");
        memcpy(s->pending + s->pending_len, bytes, n);
        s->pending_len += n;
    }
    pthread_mutex_unlock(&s->lock);
    if (wake) resume(s);
    return accepted;
}

/* While suspended, writes what is pending to the socket; true when all of it went. */
static int send_directly(stream_t *s) {
    if (opt.deliver != DIRECT || s->socket < 0 || !s->suspended) return 0;
    ssize_t sent = send(s->socket, s->pending, s->pending_len, MSG_DONTWAIT | MSG_NOSIGNAL);
    if (sent <= 0) return 0;
    if ((size_t)sent == s->pending_len) {
        atomic_fetch_add_explicit(&direct_sends, 1, memory_order_relaxed);
        free(s->pending); /* an idle stream keeps no buffer */
        s->pending = NULL;
        s->pending_len = 0;
        return 1;
    }
    memmove(s->pending, s->pending + sent, s->pending_len - (size_t)sent);
    s->pending_len -= (size_t)sent;
    return 0;
}

static void stream_flush(stream_t *s) {
    int wake = 0;
    pthread_mutex_lock(&s->lock);
    if (s->pending_len || s->finished) {
        if (s->finished || !s->suspended || !send_directly(s)) wake = take_suspension(s);
    }
    pthread_mutex_unlock(&s->lock);
    if (wake) resume(s);
}

static void stream_finish(stream_t *s) {
    pthread_mutex_lock(&s->lock);
    s->finished = 1;
    int wake = take_suspension(s);
    pthread_mutex_unlock(&s->lock);
    if (wake) resume(s);
}

static void stream_hung_up(stream_t *s) {
    pthread_mutex_lock(&s->lock);
    s->abandoned = 1;
    s->finished = 1;
    free(s->pending);
    s->pending = NULL;
    s->pending_len = 0;
    int wake = take_suspension(s);
    pthread_mutex_unlock(&s->lock);
    if (wake) resume(s);
}

/* libmicrohttpd's reader: queued bytes, or suspend until the next write resumes it. */
static ssize_t stream_reader(void *cls, uint64_t pos, char *buf, size_t max) {
    (void)pos;
    stream_t *s = cls;
    pthread_mutex_lock(&s->lock);
    if (s->abandoned) { pthread_mutex_unlock(&s->lock); return MHD_CONTENT_READER_END_WITH_ERROR; }
    if (s->pending_len) {
        size_t n = s->pending_len < max ? s->pending_len : max;
        memcpy(buf, s->pending, n);
        memmove(s->pending, s->pending + n, s->pending_len - n);
        s->pending_len -= n;
        pthread_mutex_unlock(&s->lock);
        return (ssize_t)n;
    }
    if (s->finished || s->closed) {
        pthread_mutex_unlock(&s->lock);
        /* With MHD_USE_TURBO the client would otherwise learn of the end late (StreamConnection.ended). */
        if (s->socket >= 0) shutdown(s->socket, SHUT_WR);
        return MHD_CONTENT_READER_END_OF_STREAM;
    }
    s->suspended = 1;
    MHD_suspend_connection(s->conn);
    pthread_mutex_unlock(&s->lock);
    return 0;
}

/* ---------- live mode: the registry (LiveHub's state) and the hang-up watch ---------- */

typedef struct { stream_t **items; int count, cap; } list_t;

static pthread_mutex_t registry = PTHREAD_MUTEX_INITIALIZER;
static list_t all_streams;
static list_t *rooms;
static int room_cap;
static stream_t **watch_slots; /* by slot; NULL when free */
static uint32_t *watch_generations;
static int *free_slots, free_count, slot_cap;
static int hangup_epoll = -1;

static int list_add(list_t *l, stream_t *s) {
    if (l->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->items = realloc(l->items, (size_t)l->cap * sizeof *l->items);
        if (!l->items) die("out of memory");
    }
    l->items[l->count] = s;
    return l->count++;
}

/* Swap-removes index i; returns the stream moved into i, or NULL. */
static stream_t *list_remove(list_t *l, int i) {
    l->count--;
    if (i == l->count) return NULL;
    l->items[i] = l->items[l->count];
    return l->items[i];
}

static void stream_register(stream_t *s) {
    pthread_mutex_lock(&registry);
    if (s->room >= room_cap) {
        int cap = room_cap ? room_cap : 64;
        while (cap <= s->room) cap *= 2;
        rooms = realloc(rooms, (size_t)cap * sizeof *rooms);
        if (!rooms) die("out of memory");
        memset(rooms + room_cap, 0, (size_t)(cap - room_cap) * sizeof *rooms);
        room_cap = cap;
    }
    s->registered = 1;
    s->room_index = list_add(&rooms[s->room], s);
    s->all_index = list_add(&all_streams, s);
    /* The hang-up watch: a slot whose generation names this watch only. */
    if (!free_count) {
        int cap = slot_cap ? 2 * slot_cap : 1024;
        watch_slots = realloc(watch_slots, (size_t)cap * sizeof *watch_slots);
        watch_generations = realloc(watch_generations, (size_t)cap * sizeof *watch_generations);
        free_slots = realloc(free_slots, (size_t)cap * sizeof *free_slots);
        if (!watch_slots || !watch_generations || !free_slots) die("out of memory");
        for (int i = cap - 1; i >= slot_cap; i--) { watch_slots[i] = NULL; watch_generations[i] = 0; free_slots[free_count++] = i; }
        slot_cap = cap;
    }
    int slot = free_slots[--free_count];
    watch_slots[slot] = s;
    s->watch_slot = slot;
    s->watch_generation = ++watch_generations[slot];
    pthread_mutex_unlock(&registry);
    if (hangup_epoll >= 0 && s->socket >= 0) {
        struct epoll_event ev = {.events = EPOLLRDHUP | EPOLLONESHOT,
                                 .data.u64 = ((uint64_t)s->watch_generation << 32) | (uint32_t)slot};
        if (epoll_ctl(hangup_epoll, EPOLL_CTL_ADD, s->socket, &ev) < 0 && errno == EEXIST)
            epoll_ctl(hangup_epoll, EPOLL_CTL_MOD, s->socket, &ev);
    }
}

static void stream_unregister(stream_t *s) {
    pthread_mutex_lock(&registry);
    if (!s->registered) { pthread_mutex_unlock(&registry); return; }
    s->registered = 0;
    stream_t *moved = list_remove(&rooms[s->room], s->room_index);
    if (moved) moved->room_index = s->room_index;
    moved = list_remove(&all_streams, s->all_index);
    if (moved) moved->all_index = s->all_index;
    watch_slots[s->watch_slot] = NULL;
    free_slots[free_count++] = s->watch_slot;
    pthread_mutex_unlock(&registry);
}

static void *hangup_main(void *unused) {
    (void)unused;
    struct epoll_event evs[64];
    for (;;) {
        int n = epoll_wait(hangup_epoll, evs, 64, -1);
        if (n < 0) { if (errno == EINTR) continue; return NULL; }
        for (int i = 0; i < n; i++) {
            uint32_t slot = (uint32_t)evs[i].data.u64, generation = (uint32_t)(evs[i].data.u64 >> 32);
            stream_t *s = NULL;
            pthread_mutex_lock(&registry);
            if ((int)slot < slot_cap && watch_slots[slot] && watch_slots[slot]->watch_generation == generation) {
                s = watch_slots[slot];
                atomic_fetch_add_explicit(&s->refs, 1, memory_order_relaxed);
            }
            pthread_mutex_unlock(&registry);
            if (s) { stream_hung_up(s); stream_unref(s); }
        }
    }
}

/* libmicrohttpd let go of the response: the connection is done with the stream. */
static void stream_released(void *cls) {
    stream_t *s = cls;
    stream_unregister(s);
    pthread_mutex_lock(&s->lock);
    s->closed = 1;
    s->suspended = 0;
    s->socket = -1; /* the number may soon name another connection */
    free(s->pending);
    s->pending = NULL;
    s->pending_len = 0;
    pthread_mutex_unlock(&s->lock);
    stream_unref(s);
}

/* ---------- live mode: the hub ---------- */

typedef struct event { struct event *next; int room; char *content; } event_t;

static pthread_mutex_t hub_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t hub_wake; /* on CLOCK_MONOTONIC, set up in main */
static event_t *hub_head, *hub_tail;
static long hub_sequence;

static void hub_post(int room, const char *content, size_t n) {
    event_t *e = xmalloc(sizeof *e);
    e->next = NULL;
    e->room = room;
    e->content = xmalloc(n + 1);
    memcpy(e->content, content, n);
    e->content[n] = 0;
    pthread_mutex_lock(&hub_lock);
    if (hub_tail) hub_tail->next = e; else hub_head = e;
    hub_tail = e;
    pthread_cond_signal(&hub_wake);
    pthread_mutex_unlock(&hub_lock);
}

/* The streams of a list, each with a reference taken: queued to, then flushed, then let go. */
static stream_t **snapshot(list_t *l, int from, int count, int *out) {
    stream_t **targets = xmalloc((size_t)(count ? count : 1) * sizeof *targets);
    int k = 0;
    for (int i = from; i < from + count && i < l->count; i++) {
        targets[k] = l->items[i];
        atomic_fetch_add_explicit(&targets[k]->refs, 1, memory_order_relaxed);
        k++;
    }
    *out = k;
    return targets;
}

static void fan_out(stream_t **targets, int n, const char *frame, size_t len) {
    int queued = 0;
    char *ok = xmalloc((size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) { ok[i] = (char)stream_queue(targets[i], frame, len); queued += ok[i]; }
    for (int i = 0; i < n; i++) if (ok[i]) stream_flush(targets[i]);
    for (int i = 0; i < n; i++) stream_unref(targets[i]);
    atomic_fetch_add_explicit(&delivered_total, queued, memory_order_relaxed);
    free(ok);
}

static void deliver(event_t *e) {
    long sequence = ++hub_sequence;
    /* One frame per event, shared by the room's streams (LiveMessageMarkup keeps one per view). */
    char head[96];
    int head_len = snprintf(head, sizeof head, "id: %ld\nevent: message\ndata: ", sequence);
    char body[512];
    int body_len = snprintf(body, sizeof body, "{\"type\":\"message\",\"room\":%d,\"content\":\"%.200s\",\"html\":\"", e->room, e->content);
    size_t fixed = (size_t)head_len + (size_t)body_len + 5; /* "\"}\n\n" and a byte to spare */
    size_t pad = opt.frame_bytes > 0 && (size_t)opt.frame_bytes > fixed ? (size_t)opt.frame_bytes - fixed + 1 : 0;
    size_t len = (size_t)head_len + (size_t)body_len + pad + 4;
    char *frame = xmalloc(len + 1);
    memcpy(frame, head, (size_t)head_len);
    memcpy(frame + head_len, body, (size_t)body_len);
    memset(frame + head_len + body_len, 'x', pad);
    memcpy(frame + head_len + body_len + pad, "\"}\n\n", 4);
    int n;
    pthread_mutex_lock(&registry);
    stream_t **targets = e->room < room_cap ? snapshot(&rooms[e->room], 0, rooms[e->room].count, &n) : snapshot(&all_streams, 0, 0, &n);
    pthread_mutex_unlock(&registry);
    fan_out(targets, n, frame, len);
    free(targets);
    free(frame);
}

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void *hub_main(void *unused) {
    (void)unused;
    static const char keep_alive[] = ": keep-alive\n\n";
    int64_t interval = (int64_t)(opt.heartbeat * 1e9), next_beat = now_ns() + interval;
    int beat_from = -1; /* the next slice of a heartbeat under way */
    for (;;) {
        pthread_mutex_lock(&hub_lock);
        while (!hub_head && beat_from < 0) {
            int64_t now = now_ns();
            if (interval > 0 && now >= next_beat) { beat_from = 0; next_beat = now + interval; break; }
            struct timespec until;
            clock_gettime(CLOCK_MONOTONIC, &until);
            int64_t wait = interval > 0 ? next_beat - now : 3600000000000LL;
            until.tv_sec += wait / 1000000000LL;
            until.tv_nsec += wait % 1000000000LL;
            if (until.tv_nsec >= 1000000000L) { until.tv_sec++; until.tv_nsec -= 1000000000L; }
            pthread_cond_timedwait(&hub_wake, &hub_lock, &until);
        }
        event_t *e = hub_head;
        if (e) { hub_head = e->next; if (!hub_head) hub_tail = NULL; }
        pthread_mutex_unlock(&hub_lock);
        if (e) {
            deliver(e);
            free(e->content);
            free(e);
            continue; /* events first; a heartbeat goes on between them, a slice at a time */
        }
        if (beat_from >= 0) {
            int n;
            pthread_mutex_lock(&registry);
            stream_t **targets = snapshot(&all_streams, beat_from, HEARTBEAT_SLICE, &n);
            int total = all_streams.count;
            pthread_mutex_unlock(&registry);
            fan_out(targets, n, keep_alive, sizeof keep_alive - 1);
            free(targets);
            beat_from += HEARTBEAT_SLICE;
            if (beat_from >= total) beat_from = -1;
        }
    }
    return NULL;
}

/* ---------- requests ---------- */

typedef struct {
    int is_post;
    char *body;
    size_t len;
} request_t;

static int room_in(const char *text) {
    if (!text || !*text) return -1;
    char *end;
    long room = strtol(text, &end, 10);
    if (*end || room < 0 || room > 1000000) return -1;
    return (int)room;
}

static enum MHD_Result open_stream(struct MHD_Connection *c) {
    int room = room_in(MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "room"));
    if (room < 0) return answer_text(c, MHD_HTTP_BAD_REQUEST, "GET /live?room=<number>\n");
    stream_t *s = calloc(1, sizeof *s);
    if (!s) return MHD_NO;
    pthread_mutex_init(&s->lock, NULL);
    atomic_init(&s->refs, 1); /* the response's */
    s->conn = c;
    s->room = room;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    s->socket = info ? info->connect_fd : -1;
    struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, STREAM_BLOCK, stream_reader, s, stream_released);
    if (!r) { pthread_mutex_destroy(&s->lock); free(s); return MHD_NO; }
    /* The body ends with the connection, so it goes out as written (not chunked). */
    if (MHD_set_response_options(r, MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END) != MHD_YES) {
        MHD_destroy_response(r);
        return MHD_NO;
    }
    MHD_add_response_header(r, "content-type", "text/event-stream; charset=utf-8");
    MHD_add_response_header(r, "cache-control", "no-store");
    MHD_add_response_header(r, "x-accel-buffering", "no");
    for (size_t i = 3; i < sizeof page_headers / sizeof page_headers[0]; i++)
        MHD_add_response_header(r, page_headers[i][0], page_headers[i][1]);
    char id[32];
    request_id(id, sizeof id);
    MHD_add_response_header(r, "x-request-id", id);
    enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_OK, r);
    MHD_destroy_response(r); /* the connection keeps it, and with it the stream, until it closes */
    if (ok != MHD_YES) return ok;
    /* As LiveEndpoint's stream starts: the retry interval, then the hub lists it. */
    stream_queue(s, "retry: 2000\n\n", 13);
    stream_flush(s);
    stream_register(s);
    return MHD_YES;
}

static enum MHD_Result publish(struct MHD_Connection *c, const char *url, request_t *req) {
    int room = room_in(url + strlen("/messages/"));
    if (room < 0) return answer_text(c, MHD_HTTP_NOT_FOUND, "POST /messages/<room number>\n");
    hub_post(room, req->body ? req->body : "", req->len);
    static const char created[] = "{\"ok\":true}";
    struct MHD_Response *r = MHD_create_response_from_buffer(sizeof created - 1, (void *)created, MHD_RESPMEM_PERSISTENT);
    if (!r) return MHD_NO;
    MHD_add_response_header(r, "content-type", "application/json");
    enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_CREATED, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                               const char *version, const char *upload, size_t *upload_size, void **context) {
    (void)cls; (void)version;
    request_t *req = *context;
    if (!req) {
        /* First call, headers in: answered on a later call, as HTTPDaemon does. */
        req = calloc(1, sizeof *req);
        if (!req) return MHD_NO;
        req->is_post = strcmp(method, "POST") == 0;
        *context = req;
        atomic_fetch_add_explicit(&active_requests, 1, memory_order_relaxed);
        return MHD_YES;
    }
    if (*upload_size) {
        if (req->len + *upload_size > 65536) return MHD_NO;
        req->body = realloc(req->body, req->len + *upload_size);
        if (!req->body) return MHD_NO;
        memcpy(req->body + req->len, upload, *upload_size);
        req->len += *upload_size;
        *upload_size = 0;
        return MHD_YES;
    }
    atomic_fetch_add_explicit(&requests_served, 1, memory_order_relaxed);
    if (opt.mode == LIVE) {
        if (!req->is_post && strcmp(url, "/live") == 0) return open_stream(c);
        if (req->is_post && strncmp(url, "/messages/", 10) == 0) return publish(c, url, req);
        if (strcmp(url, "/healthz") == 0) return answer_text(c, MHD_HTTP_OK, "ok\n");
        return answer_text(c, MHD_HTTP_NOT_FOUND, "GET /live?room=R, POST /messages/R\n");
    }
    if (req->is_post) return answer_text(c, MHD_HTTP_METHOD_NOT_ALLOWED, "GET only\n");
    return answer_page(c, url);
}

static void completed(void *cls, struct MHD_Connection *c, void **context, enum MHD_RequestTerminationCode code) {
    (void)cls; (void)c; (void)code;
    request_t *req = *context;
    if (!req) return;
    *context = NULL;
    free(req->body);
    free(req);
    atomic_fetch_sub_explicit(&active_requests, 1, memory_order_release);
}

static void connection_notified(void *cls, struct MHD_Connection *c, void **socket_context,
                                enum MHD_ConnectionNotificationCode code) {
    (void)cls; (void)c; (void)socket_context;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) atomic_fetch_add_explicit(&open_connections, 1, memory_order_relaxed);
    else atomic_fetch_sub_explicit(&open_connections, 1, memory_order_relaxed);
}

/* Keeps the path and query as received (shim.h's fotofolio_mhd_keep_escaped). */
static size_t keep_escaped(void *cls, struct MHD_Connection *c, char *text) {
    (void)cls; (void)c;
    return strlen(text);
}

/* ---------- main ---------- */

static void usage(void) {
    fprintf(stderr,
        "usage: mhd-harness page|live --port P [options]\n"
        "  --host A             address to bind (127.0.0.1)\n"
        "  --body FILE          page: every GET answers these bytes\n"
        "  --dir DIR            page: GET /x answers DIR/x (\"/\": index.html)\n"
        "  --threads N          libmicrohttpd polling threads (the processors online)\n"
        "  --pool-bytes B       MHD_OPTION_CONNECTION_MEMORY_LIMIT (libmicrohttpd's default)\n"
        "  --deliver direct|resume   live: send on the suspended socket (as Fotofolio), or resume every frame\n"
        "  --frame-bytes N      live: pad each message frame to N bytes\n"
        "  --heartbeat S        live: seconds between heartbeats (15; 0: none)\n"
        "  -v                   print counters on exit\n");
    exit(2);
}

int main(int argc, char **argv) {
    if (argc < 2) usage();
    if (strcmp(argv[1], "page") == 0) opt.mode = PAGE;
    else if (strcmp(argv[1], "live") == 0) opt.mode = LIVE;
    else usage();
    static struct option longs[] = {
        {"host", 1, 0, 'H'}, {"port", 1, 0, 'p'}, {"body", 1, 0, 'b'}, {"dir", 1, 0, 'd'},
        {"threads", 1, 0, 't'}, {"pool-bytes", 1, 0, 'm'}, {"deliver", 1, 0, 'D'},
        {"frame-bytes", 1, 0, 'f'}, {"heartbeat", 1, 0, 'B'}, {"verbose", 0, 0, 'v'}, {0, 0, 0, 0}};
    int ch;
    optind = 2;
    while ((ch = getopt_long(argc, argv, "v", longs, NULL)) != -1) {
        switch (ch) {
        case 'H': opt.host = optarg; break;
        case 'p': opt.port = atoi(optarg); break;
        case 'b': opt.body = optarg; break;
        case 'd': opt.dir = optarg; break;
        case 't': opt.threads = atoi(optarg); break;
        case 'm': opt.pool_bytes = (size_t)atol(optarg); break;
        case 'D':
            if (strcmp(optarg, "direct") == 0) opt.deliver = DIRECT;
            else if (strcmp(optarg, "resume") == 0) opt.deliver = RESUME;
            else usage();
            break;
        case 'f': opt.frame_bytes = atoi(optarg); break;
        case 'B': opt.heartbeat = atof(optarg); break;
        case 'v': opt.verbose = 1; break;
        default: usage();
        }
    }
    if (opt.port <= 0 || opt.port > 65535) usage();
    if (opt.mode == PAGE) {
        if (!!opt.body == !!opt.dir) die("page mode needs --body FILE or --dir DIR");
        if (opt.body) { any_path = calloc(1, sizeof *any_path); read_file(opt.body, any_path); any_path->type = "text/html; charset=utf-8"; }
        else load_dir(opt.dir, "");
    }
    if (opt.threads <= 0) opt.threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (opt.threads <= 0) opt.threads = 1;
    {
        unsigned r;
        FILE *f = fopen("/dev/urandom", "r");
        if (!f || fread(&r, sizeof r, 1, f) != 1) r = (unsigned)getpid();
        if (f) fclose(f);
        snprintf(request_prefix, sizeof request_prefix, "%x", r & 0xffffff);
    }

    /* Serve.connectionLimit: the file limit less a reserve, at least 1,000. */
    struct rlimit limit;
    long connection_limit = 10000;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
        connection_limit = (long)limit.rlim_cur - 512 > 1000 ? (long)limit.rlim_cur - 512 : 1000;

    struct sockaddr_in address = {0};
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)opt.port);
    if (inet_pton(AF_INET, opt.host, &address.sin_addr) != 1) die("--host must be an IPv4 address");

    /* Signals go to the main thread only, which waits for them. */
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &signals, NULL);
    signal(SIGPIPE, SIG_IGN);

    pthread_t hub, watch;
    if (opt.mode == LIVE) {
        pthread_condattr_t monotonic;
        pthread_condattr_init(&monotonic);
        pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
        pthread_cond_init(&hub_wake, &monotonic);
        hangup_epoll = epoll_create1(EPOLL_CLOEXEC);
        if (hangup_epoll < 0) die("epoll_create1: %s", strerror(errno));
        pthread_create(&hub, NULL, hub_main, NULL);
        pthread_create(&watch, NULL, hangup_main, NULL);
    }

    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_TURBO | MHD_ALLOW_SUSPEND_RESUME;
    struct MHD_OptionItem options[] = {
        {MHD_OPTION_THREAD_POOL_SIZE, opt.threads, NULL},
        {MHD_OPTION_CONNECTION_LIMIT, connection_limit, NULL},
        {MHD_OPTION_PER_IP_CONNECTION_LIMIT, 256, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, 60, NULL},
        {MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024, NULL},
        {MHD_OPTION_LISTENING_ADDRESS_REUSE, 1, NULL},
        {MHD_OPTION_SOCK_ADDR, 0, &address},
        {opt.pool_bytes ? MHD_OPTION_CONNECTION_MEMORY_LIMIT : MHD_OPTION_END, (intptr_t)opt.pool_bytes, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    struct MHD_Daemon *daemon = MHD_start_daemon(flags, (uint16_t)opt.port, NULL, NULL, handler, NULL,
                                                 MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
                                                 MHD_OPTION_NOTIFY_CONNECTION, connection_notified, NULL,
                                                 MHD_OPTION_UNESCAPE_CALLBACK, keep_escaped, NULL,
                                                 MHD_OPTION_ARRAY, options,
                                                 MHD_OPTION_END);
    if (!daemon) die("cannot listen on %s:%d", opt.host, opt.port);
    fprintf(stderr, "mhd-harness %s on %s:%d: libmicrohttpd %s, %d polling threads, connection limit %ld, pool %s%s\n",
            opt.mode == PAGE ? "page" : "live", opt.host, opt.port, MHD_get_version(), opt.threads, connection_limit,
            opt.pool_bytes ? "set" : "default",
            opt.mode == LIVE ? (opt.deliver == DIRECT ? ", deliver direct" : ", deliver resume") : "");

    int sig;
    sigwait(&signals, &sig);

    if (opt.mode == LIVE) {
        /* Every stream ends (resumed if suspended); libmicrohttpd must not stop with suspended connections. */
        int n;
        pthread_mutex_lock(&registry);
        stream_t **targets = snapshot(&all_streams, 0, all_streams.count, &n);
        pthread_mutex_unlock(&registry);
        for (int i = 0; i < n; i++) { stream_finish(targets[i]); stream_unref(targets[i]); }
        free(targets);
        for (int i = 0; i < 300; i++) {
            pthread_mutex_lock(&registry);
            int left = all_streams.count;
            pthread_mutex_unlock(&registry);
            if (!left) break;
            usleep(10000);
        }
    }
    if (opt.verbose)
        fprintf(stderr, "mhd-harness: %ld requests, %ld connections open, %ld deliveries, %ld sent on the suspended socket, %ld resumes\n",
                atomic_load(&requests_served), atomic_load(&open_connections), atomic_load(&delivered_total),
                atomic_load(&direct_sends), atomic_load(&resumes));
    pthread_mutex_lock(&registry);
    int left = all_streams.count;
    pthread_mutex_unlock(&registry);
    if (left) _exit(0); /* suspended connections left: stopping the daemon would abort */
    MHD_stop_daemon(daemon);
    return 0;
}
