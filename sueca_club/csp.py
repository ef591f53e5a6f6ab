"""The Content-Security-Policy header on every response (settings.CONTENT_SECURITY_POLICY).

A few lines rather than django-csp: one fixed policy, no nonces, no per-view changes. It holds
because no template has an inline script, style block or style attribute (tests/security
checks), htmx never evaluates code (no hx-on, js: or trigger filters; allowEval is off) and
htmx's injected indicator style is turned off in base.html, as is its settle's copy of a
style attribute from an element to the one swapped in for it (attributesToSettle: the TV's #tv,
zoomed by static/js/tv-fit.js, was refused at each swap).
"""

from django.conf import settings


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        policy = settings.CONTENT_SECURITY_POLICY
        if not policy or "Content-Security-Policy" in response:
            return response
        if settings.DEBUG and response.status_code in (404, 500):
            return response  # Django's technical error pages style themselves inline
        response["Content-Security-Policy"] = policy
        return response
