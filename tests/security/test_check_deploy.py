"""`manage.py check --deploy` passes with production settings, warnings included."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": secrets.token_urlsafe(50),  # 67 random characters
    "ALLOWED_HOSTS": "sueca.example",
    "CSRF_TRUSTED_ORIGINS": "https://sueca.example",
}


def run(*args: str, **env) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("SECURE_", "DJANGO_SETTINGS_MODULE", "TRUSTED_PROXIES"))}
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True,
                          text=True, check=False,
                          env={**clean, "DJANGO_SETTINGS_MODULE": "sueca_club.settings", **env})


def test_check_deploy_finds_nothing_with_production_settings():
    result = run("manage.py", "check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_production_sends_https_only_cookies_and_a_years_hsts():
    names = ["SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
             "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_REFERRER_POLICY",
             "TRUSTED_PROXIES"]
    code = ("import django; django.setup(); from django.conf import settings; "
            f"print(*(getattr(settings, name) for name in {names!r}))")
    result = run("-c", code, **PRODUCTION)
    assert result.returncode == 0, result.stderr
    # No forwarded header is believed until TRUSTED_PROXIES says how many proxies write it.
    assert result.stdout.split() == ["True", "True", "True", "31536000", "True", "same-origin",
                                     "0"]
