"""`{% form_token %}`: the hidden one-time token of a creating form (sueca_club/formtokens.py).

Put it next to `{% csrf_token %}` in every form whose view is decorated with `@create_once`.
A new token is made each time the form is rendered, so a form shown again with its errors
gets a fresh one too (the first was never recorded: nothing was created).
"""

from django import template
from django.utils.html import format_html

from sueca_club import formtokens

register = template.Library()


@register.simple_tag
def form_token() -> str:
    return format_html('<input type="hidden" name="{}" value="{}">', formtokens.FIELD,
                       formtokens.new_token())
