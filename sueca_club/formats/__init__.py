"""The site's own date and time formats, where a language's Django defaults do not fit a
sentence (settings.FORMAT_MODULE_PATH); what is not set here stays Django's."""

from django.utils.translation import gettext_noop

# Month names as Portuguese writes them, in lowercase ("13 de novembro de 2026"): Django's
# catalogues capitalise them, and the site's own (LOCALE_PATHS) are read first. Named here so
# that `make messages` keeps them in locale/.
MONTHS = (gettext_noop("January"), gettext_noop("February"), gettext_noop("March"),
          gettext_noop("April"), gettext_noop("May"), gettext_noop("June"), gettext_noop("July"),
          gettext_noop("August"), gettext_noop("September"), gettext_noop("October"),
          gettext_noop("November"), gettext_noop("December"))
