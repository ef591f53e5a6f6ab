"""A league's pages: the organiser opens matchdays and postpones matches; the public sees the
fixtures by matchday and each partnership's season."""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments import season, selectors, services
from tournaments.forms import PostponeForm
from tournaments.models import Pairing, Round
from tournaments.services.league import is_league
from tournaments.views.manage import attempt, refuse, tournament_action
from tournaments.views.public import _page

# The organiser's ----------------------------------------------------------------------------


def _league_pairing(tournament, pairing_id: int) -> Pairing:
    return get_object_or_404(Pairing.objects.select_related("round"),
                             round__tournament=tournament, pk=pairing_id)


@tournament_action
def matchday_open(request, tournament, number):
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    attempt(request, lambda: services.matchday_open(round_=round_, by=request.user),
            _("Matchday %(number)s is open: its matches go on the free tables.")
            % {"number": number})


@tournament_action
def pairing_postpone(request, tournament, pairing_id):
    pairing = _league_pairing(tournament, pairing_id)
    form = PostponeForm(request.POST)
    if not form.is_valid():
        refuse(request, form)
        return
    to = form.cleaned_data["to"]
    attempt(request, lambda: services.pairing_postpone(
                pairing=pairing, to=to, reason=form.cleaned_data["reason"], by=request.user),
            _("The match is postponed to %(date)s.") % {"date": date_format(to)})


@tournament_action
def pairing_play_now(request, tournament, pairing_id):
    pairing = _league_pairing(tournament, pairing_id)
    attempt(request, lambda: services.pairing_play_now(pairing=pairing, by=request.user),
            _("The match goes on the next free table."))


# The public's -------------------------------------------------------------------------------

@require_safe
def fixtures(request, slug: str):
    def context(tournament):
        if not is_league(tournament):  # only a league publishes its season
            raise Http404(_("Only a league has fixtures."))
        return {"matchdays": season.matchdays(tournament, list(selectors.pairings(tournament))),
                "drawn_by_lot": season.drawn_by_lot(tournament)}
    return _page(request, slug, "fixtures", context, results_only=True)


@require_safe
def partnership_season(request, slug: str, entry_id: int):
    def context(tournament):
        field = selectors.entries(tournament)
        entry = next((e for e in field if e.pk == entry_id), None)
        if entry is None:
            raise Http404(_("No such partnership in this tournament."))
        all_pairings = list(selectors.pairings(tournament))
        ranked = selectors.standings(tournament, all_pairings, field)
        return {"season": season.partnership_season(tournament, entry, all_pairings, ranked)}
    return _page(request, slug, "season", context, results_only=True,
                 etag_suffix=f"-e{entry_id}")
