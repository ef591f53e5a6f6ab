from django import forms
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _

from sueca_club import formtokens, services
from sueca_club.formtokens import create_once


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=_("Email"), help_text=_("For resetting a forgotten password."))

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


def _next(request) -> str:
    """Where to go once registered: back to the page that asked (an invitation's link)."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure())
    return wanted if safe else ""


@create_once
def signup(request):
    form = SignupForm(request.POST or None)
    if request.method == "POST" and formtokens.valid(request, form):
        user = services.account_create(username=form.cleaned_data["username"],
                                       email=form.cleaned_data["email"],
                                       password=form.cleaned_data["password1"])
        login(request, user)
        return redirect(_next(request) or "manage:home")
    return render(request, "registration/signup.html", {"form": form, "next": _next(request)})
