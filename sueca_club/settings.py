"""Settings from environment variables; safe laptop defaults (see DESIGN.md and README)."""

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from sueca_club.env import cache_from_url, env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)
BENCH = env_bool("BENCH", False)  # mounts bench/urls.py (the no-database baseline of `make bench`)
SECRET_KEY = env_str("SECRET_KEY")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])

if DEBUG:
    SECRET_KEY = SECRET_KEY or "dev-only-not-secret-sueca-club-laptop-key"
    ALLOWED_HOSTS = ALLOWED_HOSTS or ["127.0.0.1", "localhost", "[::1]", "testserver"]
else:
    missing = [name for name, value in (("SECRET_KEY", SECRET_KEY), ("ALLOWED_HOSTS", ALLOWED_HOSTS))
               if not value]
    if missing:
        raise ImproperlyConfigured(
            f"DEBUG is off, so {' and '.join(missing)} must be set in the environment."
        )
    if len(SECRET_KEY) < 50:
        raise ImproperlyConfigured("SECRET_KEY must be at least 50 random characters.")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "sueca_club",
    "scoring",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "sueca_club.csp.ContentSecurityPolicyMiddleware",
    "sueca_club.zones.ClubZoneMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "sueca_club.ratelimit.RateLimitMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "sueca_club.middleware.DatabaseUnavailableMiddleware",
    "sueca_club.middleware.RefusalsMiddleware",
    "sueca_club.middleware.LoginAgainMiddleware",
]

ROOT_URLCONF = "sueca_club.urls"
WSGI_APPLICATION = "sueca_club.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A database that is slow, locked or stops answering fails the request in seconds (a 503
    # with Retry-After: sueca_club/middleware.py), never a hang. The server cancels a statement
    # after DATABASE_STATEMENT_TIMEOUT seconds and a wait for a lock after DATABASE_LOCK_TIMEOUT
    # (0: never). A server that cannot even do that (frozen, unreachable) is given up a little
    # later by sueca_club.postgresql, Django's backend with a deadline on each wait for an
    # answer; connecting waits DATABASE_CONNECT_TIMEOUT; keepalives notice a vanished host.
    # The same keys as `?connect_timeout=N` in DATABASE_URL win over these.
    DATABASES["default"]["ENGINE"] = "sueca_club.postgresql"
    statement_timeout = env_int("DATABASE_STATEMENT_TIMEOUT", 5)
    lock_timeout = env_int("DATABASE_LOCK_TIMEOUT", 3)
    options = DATABASES["default"].setdefault("OPTIONS", {})
    for key, value in {"connect_timeout": env_int("DATABASE_CONNECT_TIMEOUT", 5, minimum=1),
                       "keepalives": 1, "keepalives_idle": 30, "keepalives_interval": 10,
                       "keepalives_count": 3,
                       "answer_timeout": statement_timeout + 2 if statement_timeout else 0}.items():
        options.setdefault(key, value)
    # Prepared statements: psycopg prepares a query the fifth time a connection sends it, and
    # PostgreSQL no longer plans it on every request (a referee's read joins nine tables).
    # They need server-side binding; a pooler in transaction mode (PgBouncer) cannot keep
    # them: DATABASE_PREPARED_STATEMENTS=false.
    if env_bool("DATABASE_PREPARED_STATEMENTS", True):
        options.setdefault("server_side_binding", True)
        options.setdefault("prepare_threshold", 5)
    options["options"] = " ".join(filter(None, [
        options.get("options", ""), f"-c statement_timeout={statement_timeout * 1000}",
        f"-c lock_timeout={lock_timeout * 1000}"]))
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["ENGINE"] = "sueca_club.sqlite3"  # each query's ? made once
    # Several gunicorn workers: a write transaction takes the lock when it begins, so writers
    # queue instead of failing with "database is locked"; WAL lets readers go on meanwhile.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        transaction_mode="IMMEDIATE", init_command="PRAGMA journal_mode=WAL")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": cache_from_url(env_str("CACHE_URL") or env_str("REDIS_URL"))}
# A shared live page (or API body) is rebuilt at most once in this many seconds, however many
# deals are saved meanwhile (sueca_club.live.recent_copy); 0 rebuilds on every change.
LIVE_REBUILD_SECONDS = env_int("LIVE_REBUILD_SECONDS", 1)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "manage:home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "pt-pt"
# Each language under its own name, as a language switcher shows them.
LANGUAGES = [
    ("pt-pt", "Português (Portugal)"),
    ("pt-br", "Português (Brasil)"),
    ("en", "English"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["sueca_club.formats"]
TIME_ZONE = env_str("TIME_ZONE", "Europe/Lisbon")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_TIMEOUT = 10  # seconds: mail Django sends in a request (its password reset)
# The emails sent after a write (outbox steps, sueca_club/mail.py) give up on a mail server
# that does not answer within this many seconds: the step fails and is retried later.
OUTBOX_EMAIL_TIMEOUT = env_int("OUTBOX_EMAIL_TIMEOUT", 3, minimum=1)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Sueca Club <noreply@localhost>")
# Where the site is, for the links in emails (sent by tasks, with no request to ask).
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# Background work (sueca_club/jobs.py): Redis in production; with no broker every task runs
# in-process, in the request that queued it (`make run`, the tests).
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND") or None
CELERY_TASK_IGNORE_RESULT = not CELERY_RESULT_BACKEND  # results live in the database rows
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 600, minimum=1)
CELERY_TASK_TIME_LIMIT = CELERY_TASK_SOFT_TIME_LIMIT + 60
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A message not acknowledged within this time goes to another worker (acks_late): longer than
# any task may run.
# A broker that is down or frozen costs the outbox's sender thread two seconds, never a
# request (sueca_club/outbox.py hands steps over with retry=False; its sweep retries).
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_TASK_TIME_LIMIT * 2,
                                   "socket_timeout": 2, "socket_connect_timeout": 2}
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY = False
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# Files that tasks make (exports, printables). Never served as static media: the downloads go
# through a view that checks the organiser's club. Web and worker must share this folder.
MEDIA_ROOT = Path(env_str("MEDIA_ROOT") or BASE_DIR / "media")
MEDIA_URL = "/media/"

# --- Security: headers, HTTPS, CSP, login rate limit (tests/security) ---------------------
# `manage.py check --deploy` passes with DEBUG=false (tests/security/test_check_deploy.py).
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"  # a referee token in /r/<token>/ never leaves the site
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# sueca_club/csp.py. No inline script or style anywhere (tests/security/test_csp.py); htmx
# runs without eval (base.html turns allowEval and its injected indicator style off).
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
])
# sueca_club/ratelimit.py: failed logins, in the cache (Redis in production, shared by every
# web process): (failures, window in seconds) for one username from one client address, and
# for one address whatever the usernames. A username alone is never limited: failures from
# elsewhere must not lock its owner out.
LOGIN_RATE_LIMIT = (10, 300)
LOGIN_ADDRESS_RATE_LIMIT = (30, 300)
# Requests that create an account or send an email, by URL name: (requests, window in
# seconds) per client address, and for a reset also per email address it would write to.
POST_RATE_LIMITS = {"signup": (10, 3600), "password_reset": (5, 3600),
                    # an invitation's Accept, which emails the invited address
                    "invitation": (10, 3600),
                    # a tournament's public sign-up form, and the check-in poster at the door:
                    # a whole café shares one address (its wifi), so they are counted in
                    # hundreds, enough for the evening's events and far too few for a robot
                    "tournament_sign_up": (100, 3600), "tournament_door_check_in": (600, 3600),
                    "tournament_door_entry_check_in": (600, 3600),
                    # "lost your private link?", which emails the sign-up's address
                    "tournament_link_recovery": (20, 3600),
                    # an organiser's invitation of another, and "send the private link again"
                    "organiser_invite": (20, 3600), "signup_private_link_email": (20, 3600)}
# Writes that email the address they are given are also counted per address asked for, so
# that nobody fills a stranger's inbox, from however many connections.
EMAIL_RATE_LIMITS = {"password_reset": (5, 3600), "tournament_link_recovery": (3, 3600),
                     "organiser_invite": (3, 3600)}
# Writes that email the address of the object their URL names (a sign-up's) are also counted
# per URL, whoever sends them: an organiser could sign a stranger's address up.
PATH_RATE_LIMITS = {"signup_private_link_email": (3, 3600)}
# Reverse proxies in front of gunicorn that append to X-Forwarded-For: the client address
# is that many entries from the right. None unless configured, also in production: trusting a
# header that no proxy wrote would let every client invent its own address and never be
# limited. Behind one proxy (which also sets X-Forwarded-Proto, trusted below), set 1.
TRUSTED_PROXIES = env_int("TRUSTED_PROXIES", 0)

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 365 * 24 * 3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    # Inert until the domain is submitted to hstspreload.org (which needs a year's max-age).
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# --- end of security -----------------------------------------------------------------------

# Referee tokens are cut short in every line that could carry one (sueca_club/logs.py): the
# paths of Django's 4xx/5xx and CSRF refusal lines, runserver's request lines, and whatever
# reaches the console.
# gunicorn's own access and error logs: run it with `-c python:sueca_club.gunicorn`.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"redact_referee_tokens": {"()": "sueca_club.logs.RedactRefereeTokens"}},
    "formatters": {
        "django.server": {"()": "django.utils.log.ServerFormatter",
                          "format": "[{server_time}] {message}", "style": "{"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["redact_referee_tokens"]},
        "django.server": {"class": "logging.StreamHandler", "formatter": "django.server",
                          "filters": ["redact_referee_tokens"]},
    },
    "loggers": {
        "django.request": {"filters": ["redact_referee_tokens"]},
        "django.security.csrf": {"filters": ["redact_referee_tokens"]},
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False,
                          "filters": ["redact_referee_tokens"]},
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
