"""Every write of a tournament's sign-up and check-in: one function each, one transaction each.

Each locks the tournament first (rows.locked), so two sign-ups for the last place, or a
withdrawal and a move up, are decided one after the other; each bumps the tournament's
version last, so the organiser's live check-in board and the public pages follow.

- players: who signs up (the names as kept, the club's players, one partnership each);
- places: the organiser's settings, the places and the waiting list, moving up;
- signup: signing up, and the organiser's answers (players confirmed or changed, approved,
  turned down, moved up);
- check_in: "we are here", from the private link or the poster at the door;
- private_link: withdrawing or correcting a name from the private link, the link emailed
  again.

They import one another in that order, never back. The tournament's own services
(tournaments.services.setup) call places when an entry is removed or registered and at the
start.
"""

from tournaments.registration.services.check_in import (
    door_check_in,
    door_entry_check_in,
    signup_check_in,
)
from tournaments.registration.services.places import registration_for, registration_update
from tournaments.registration.services.players import players_per_partnership
from tournaments.registration.services.private_link import (
    signup_link_email,
    signup_links_send,
    signup_rename,
    signup_withdraw,
)
from tournaments.registration.services.signup import (
    signup_approve,
    signup_create,
    signup_move_up,
    signup_players_change,
    signup_players_confirm,
    signup_refuse,
)

__all__ = [
    "door_check_in",
    "door_entry_check_in",
    "players_per_partnership",
    "registration_for",
    "registration_update",
    "signup_approve",
    "signup_check_in",
    "signup_create",
    "signup_link_email",
    "signup_links_send",
    "signup_move_up",
    "signup_players_change",
    "signup_players_confirm",
    "signup_refuse",
    "signup_rename",
    "signup_withdraw",
]
