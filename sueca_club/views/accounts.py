from django import forms
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=_("Email"), help_text=_("For resetting a forgotten password."))

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


def signup(request):
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("manage:home")
    return render(request, "registration/signup.html", {"form": form})
