# Fotofolio — `make run` starts the site, `make test` runs every test.
# Both install the Debian packages they need first (with sudo when not root).

SWIFT   ?= swift
PORT    ?= 8080
DATA    ?= data
# Where people's own MQTT clients reach the private broker (empty: from this machine only).
MQTT_PEOPLE_PORT ?= 1884
VENV    := .venv
PYTHON  := $(VENV)/bin/python

# Libraries the server links against, the tools it runs (mosquitto, ffmpeg), and what the tests drive.
RUN_PACKAGES  := pkg-config libmicrohttpd-dev zlib1g-dev libqrencode-dev libsqlite3-dev libargon2-dev libvips-dev \
                 mosquitto libmosquitto-dev libpq-dev ffmpeg libcurl4-openssl-dev
# postgresql: the tests start throwaway clusters of their own (initdb, postgres) under /tmp;
# haproxy: the several-node tests put it in front of the nodes; python3-aiosmtpd: the mail
# tests' SMTP server (Tests/Mail/smtp_sink.py, run by Debian's /usr/bin/python3).
# fonts-noto-color-emoji: the reactions (👍 ❤️ …) drawn as emoji, not boxes, in screenshots.
# mosquitto-clients: mosquitto_pub, as a person's own MQTT client posts with it.
# zbar-tools: zbarimg, an independent reader of the QR payments the pages draw.
TEST_PACKAGES := $(RUN_PACKAGES) postgresql chromium chromium-headless-shell chromium-driver python3 python3-venv \
                 firefox-esr webkit2gtk-driver xvfb xdotool locales \
                 libvips-tools libimage-exiftool-perl imagemagick openssl gstreamer1.0-plugins-good haproxy \
                 python3-aiosmtpd fonts-noto-color-emoji mosquitto-clients zbar-tools

.PHONY: run test build build-and-venv release deps test-deps swift-test js-test browser-test fuzz-smoke fuzz bench clean postgres cluster

# MALLOC_ARENA_MAX: glibc gives every thread that mallocs its own arena; libvips's worker
# threads would each keep one full of freed photo buffers, so the server's memory creeps
# up with every upload. Two arenas keep it flat (bench/IMAGING.md).
# DATABASE_URL=postgres://… uses that PostgreSQL database instead of the data folder's
# SQLite (`make postgres` starts a private one); the photos stay in the data folder.
run: deps release
	.build/release/fotofolio seed --data-dir $(DATA) $(if $(DATABASE_URL),--database-url '$(DATABASE_URL)')
	MALLOC_ARENA_MAX=2 .build/release/fotofolio serve --port $(PORT) --data-dir $(DATA) $(if $(DATABASE_URL),--database-url '$(DATABASE_URL)') \
	  $(if $(MQTT_PEOPLE_PORT),--mqtt-people-port $(MQTT_PEOPLE_PORT))

# The phases of `make test` in order, each with the name its time is printed under. Each runs
# in a make of its own, with IN_PHASES set so it does not redo the phases before it.
TEST_PHASES := test-deps:Debian_packages build-and-venv:build_and_Python_packages swift-test:Swift_tests \
               js-test:JS_tests browser-test:browser_tests

# Prints how long each phase took at the end, also when one fails (it is the last one listed).
test:
	@times=""; status=0; started=$$(date +%s); \
	for phase in $(TEST_PHASES); do \
	  target=$${phase%%:*}; name=$${phase#*:}; begun=$$(date +%s); \
	  $(MAKE) --no-print-directory IN_PHASES=1 $$target || status=$$?; \
	  times="$$times $$name:$$(( $$(date +%s) - begun ))"; \
	  [ $$status -eq 0 ] || break; \
	done; \
	echo; echo "make test: time per phase$$([ $$status -eq 0 ] || echo ', the last one failed')"; \
	for entry in $$times; do \
	  seconds=$${entry##*:}; printf '  %-26s %3d:%02d\n' "$$(echo $${entry%:*} | tr _ ' ')" $$((seconds / 60)) $$((seconds % 60)); \
	done; \
	seconds=$$(( $$(date +%s) - started )); printf '  %-26s %3d:%02d\n' total $$((seconds / 60)) $$((seconds % 60)); \
	exit $$status

release:
	$(SWIFT) build -c release --product fotofolio

build:
	$(SWIFT) build --build-tests

# The Python packages mostly download while the build keeps the cores busy.
build-and-venv:
	$(MAKE) --no-print-directory -j2 build $(VENV)/.installed

# The domain's tests run twice: on SQLite, and on PostgreSQL (a throwaway cluster).
# Swift Testing would otherwise record a backtrace for every error thrown anywhere, caught or
# not (a tenth of the run's time); a failure still names its test and line.
SWIFT_TEST := SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0 $(SWIFT) test --skip-build
# The push tests read what they send with the virtual environment's http_ece and py_vapid.
swift-test: $(if $(IN_PHASES),,build $(VENV)/.installed)
	$(SWIFT_TEST)
	FOTOFOLIO_TEST_STORE=postgres $(SWIFT_TEST) --filter FotofolioTests

# The widgets' maths and texts, against the shared vectors the Swift tests write.
js-test:
	@if [ -d Tests/JS ]; then \
	  command -v node >/dev/null || { $(call apt_install,nodejs); }; \
	  node --test Tests/JS/; \
	fi

# `make test` replays every fuzz target on its committed corpus in `swift test`
# (FuzzCorpusTests). These build the libFuzzer targets of Fuzz/ and fuzz: each for 10 s on
# its corpus (bench/FUZZING.md), or for longer with `make fuzz` (FUZZ_SECONDS each, 300
# unless set).
fuzz-smoke:
	Fuzz/run.sh

fuzz:
	FUZZ_SECONDS=$${FUZZ_SECONDS:-300} Fuzz/run.sh

browser-test: $(if $(IN_PHASES),,build $(VENV)/.installed)
	$(PYTHON) -m pytest Tests/Browser

$(VENV)/.installed: Tests/Browser/requirements.txt Tests/Browser/requirements-no-deps.txt
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -r Tests/Browser/requirements.txt
	$(PYTHON) -m pip install --quiet --disable-pip-version-check --no-deps -r Tests/Browser/requirements-no-deps.txt
	touch $@

deps:
	@$(call apt_install,$(RUN_PACKAGES))

test-deps:
	@$(call apt_install,$(TEST_PACKAGES))

bench: deps release $(VENV)/.installed
	@$(call apt_install,wrk nginx-light libnginx-mod-nchan curl imagemagick time chromium chromium-driver gcc libc6-dev postgresql haproxy)
	bench/http.sh
	bench/feed.sh
	bench/sliders.sh
	bench/live.sh
	bench/writes.sh
	$(SWIFT) build -c release --product ImagingBench
	bench/imaging.sh
	$(SWIFT) build -c release --product VideoBench
	bench/video.sh
	$(SWIFT) build -c release --product MailBench
	bench/mail.sh
	$(SWIFT) build -c release --product SearchBench
	bench/search.sh

# The tests that keep memory flat while a body goes out run in `make test` on bodies at least
# twice the growth they allow; these run them at the sizes of real downloads (a 200 MB
# pulled body, a 400 MB archive, a 606 MB gallery ZIP).
.PHONY: test-large
test-large: test-deps build
	FOTOFOLIO_LARGE_TESTS=1 $(SWIFT_TEST) \
	  --filter 'PulledBodyTests|ZipStreamReaderTests.memoryHoldsOneEntryAtATime|GalleryPagesTests.aGalleryZipIsMadeWhileItDownloadsInBoundedMemory'

# A private PostgreSQL cluster for trying the PostgreSQL store (deploy/postgres.sh): prints
# the URL to give `make run DATABASE_URL=…`. `deploy/postgres.sh stop` stops it.
postgres:
	@$(call apt_install,postgresql python3)
	@deploy/postgres.sh start

# Several nodes behind haproxy on this machine (deploy/cluster.sh): a private PostgreSQL, one
# mosquitto, NODES nodes (3 unless set) sharing them and the media folder, haproxy on PORT.
# Ctrl+C stops everything.
cluster: deps release
	@$(call apt_install,postgresql haproxy curl python3)
	PORT=$(PORT) $(if $(NODES),NODES=$(NODES)) deploy/cluster.sh run

clean:
	rm -rf .build $(VENV) Tests/Browser/screenshots

# Installs the Debian packages in $(1) that are not installed yet; nothing when all are.
define apt_install
	missing=""; \
	for package in $(1); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef
