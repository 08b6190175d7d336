#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// function per kind of argument they take.
static inline CURLcode fotofolio_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode fotofolio_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode fotofolio_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode fotofolio_curl_set_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode fotofolio_curl_set_read_function(CURL *handle, curl_read_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}
static inline CURLcode fotofolio_curl_set_write_function(CURL *handle, curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode fotofolio_curl_set_header_function(CURL *handle, curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}
static inline CURLcode fotofolio_curl_set_debug_function(CURL *handle, curl_debug_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, callback);
}
static inline CURLcode fotofolio_curl_response_code(CURL *handle, long *code) {
    return curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code);
}
// CURL_GLOBAL_DEFAULT is a macro of or-ed flags Swift does not import.
static inline CURLcode fotofolio_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}
