"""The site's own date and time formats, where a language's Django defaults do not fit a
sentence (settings.FORMAT_MODULE_PATH); what is not set here stays Django's."""
