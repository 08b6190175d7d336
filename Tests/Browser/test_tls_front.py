"""deploy/tls: haproxy answering https with a certificate in front of a node, as a real
domain runs it — the configuration as shipped, with only its ports, certificate folder and
node filled in. Plain http goes to https, the challenge path to certbot, and over https the
node marks its cookies Secure and sends HSTS, so the installed app and push work."""

import http.client
import re
import ssl
import subprocess

from browser_helpers import wait_until
from conftest import REPO_ROOT, launch_server, seed
from test_several_nodes import free_port, listening


def tls_configuration(folder, http_port, https_port, node):
    """deploy/haproxy.cfg with its plain frontend replaced by deploy/tls/haproxy-tls.cfg's."""
    base = (REPO_ROOT / "deploy" / "haproxy.cfg").read_text()
    tls = (REPO_ROOT / "deploy" / "tls" / "haproxy-tls.cfg").read_text()
    base = re.sub(r"\nfrontend web\n(?:    .*\n|\n(?=    ))*", "\n", base)
    assert "frontend web" not in base
    stats = free_port()
    text = (base + tls).replace("@MAXCONN@", "256").replace("@STATS_PORT@", str(stats)) \
        .replace("    @NODES@\n", f"    server node {node}\n") \
        .replace("bind *:80\n", f"bind 127.0.0.1:{http_port}\n") \
        .replace("bind *:443 ssl crt /etc/haproxy/certs/", f"bind 127.0.0.1:{https_port} ssl crt {folder / 'certs'}/")
    assert "*:" not in text
    configuration = folder / "haproxy.cfg"
    configuration.write_text(text)
    return configuration


def test_the_tls_front_serves_https_redirects_http_and_the_node_knows_it_is_secure(tmp_path):
    certs = tmp_path / "certs"
    certs.mkdir()
    # A certificate for localhost, as certbot's hook leaves one: the chain, then the key, in one PEM.
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")],
                   check=True, capture_output=True, timeout=60)
    (certs / "localhost.pem").write_text((tmp_path / "cert.pem").read_text() + (tmp_path / "key.pem").read_text())
    http_port, https_port = free_port(), free_port()
    seed(tmp_path / "data")
    node = launch_server(tmp_path / "data", tmp_path / "server.log",
                         extra=["--trust-proxy", "--public-url", f"https://localhost:{https_port}"])
    configuration = tls_configuration(tmp_path, http_port, https_port, node.url.split("//", 1)[1])
    subprocess.run(["haproxy", "-c", "-f", str(configuration)], check=True, capture_output=True, timeout=30)
    with open(tmp_path / "haproxy.log", "w") as log:
        proxy = subprocess.Popen(["haproxy", "-db", "-f", str(configuration)], stdout=log, stderr=log)
    try:
        wait_until(lambda: listening(https_port) and listening(http_port), message="haproxy did not listen")
        context = ssl.create_default_context(cafile=str(tmp_path / "cert.pem"))

        def secure(method, path, body=None, headers=None):
            connection = http.client.HTTPSConnection("localhost", https_port, context=context, timeout=30)
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.headers, response.read().decode("utf-8", "replace")

        def plain(path):
            connection = http.client.HTTPConnection("127.0.0.1", http_port, timeout=30)
            connection.request("GET", path, headers={"Host": "localhost"})
            response = connection.getresponse()
            return response.status, response.headers

        # Plain http is sent to https; the challenge path goes to certbot's server (down here: 503).
        status, headers = plain("/messages")
        assert status == 301 and headers["Location"] == "https://localhost/messages"
        assert plain("/.well-known/acme-challenge/token")[0] == 503

        # Over https, with the certificate checked: the node knows it is secure.
        wait_until(lambda: secure("GET", "/healthz")[0] == 200, message="the node was not reached over https")
        status, headers, page = secure("GET", "/login")
        assert status == 200
        assert "max-age=" in headers["Strict-Transport-Security"]
        assert any("Secure" in cookie for cookie in headers.get_all("Set-Cookie") or [])
        status, headers, manifest = secure("GET", "/manifest.webmanifest")
        assert status == 200 and headers["Content-Type"].startswith("application/manifest+json")
        status, _, worker = secure("GET", "/sw.js")
        assert status == 200 and "importScripts" in worker
    finally:
        proxy.terminate()
        proxy.wait(timeout=30)
        node.stop()
