# Django's English times end in "a.m." or "p.m." (the "P" format), so a sentence that ends
# with one ends in "p.m..". A 24-hour clock, as the Portuguese pages show, ends in a digit.
DATETIME_FORMAT = "N j, Y, H:i"
SHORT_DATETIME_FORMAT = "m/d/Y H:i"
TIME_FORMAT = "H:i"
