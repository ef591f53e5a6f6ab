"""Public sign-up, the waiting list and check-in at the door (issue 15, items 1 and 2).

models: the organiser's settings of a tournament's sign-up (`Registration`) and each sign-up
(`SignUp`, with its private link); services: every write, one transaction each; views and
urls: the public pages (sign-up form, poster, private link, door check-in) and the
organiser's (sign-ups, the live check-in board).
"""
