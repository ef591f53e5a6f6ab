# English as written in Portugal and Brazil, where the site is used: the day before the month
# (a US "12/05/2026" reads there as the 12th of May), the month in letters so that nobody
# has to guess, and a 24-hour clock, as the Portuguese pages show. (Django's English times
# end in "a.m." or "p.m.", so a sentence that ends with one ended in "p.m..".)
DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
MONTH_DAY_FORMAT = "j F"
TIME_FORMAT = "H:i"
