"""Public sign-up, the waiting list and check-in at the door (issue 15, items 1 and 2).

models: the organiser's settings of a tournament's sign-up (`Registration`) and each sign-up
(`SignUp`, with its private link and the names as typed); services/: every write, one
transaction each; views and urls: the public pages (sign-up form, a lost link emailed again,
poster, private link, door check-in) and the organiser's (sign-ups and who signed up under a
club player's name, the live check-in board); emails and steps: the lost link's email, and
the email of a place to one that moved up from the waiting list, sent after the commit. Once
the tournament has started, the private link says where its partnership plays
(selectors.place_of).
"""
