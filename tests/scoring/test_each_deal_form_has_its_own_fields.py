"""A deal form copies its fields quickly (forms/deal.py's CopiedQuickly), and each form still
has its own: what one form sets (the double pack's 240 card points) is never another's, nor
the class's."""

from django import forms

from scoring import engine
from scoring.forms.deal import ApiDealForm, DealForm, RefereeWriteForm


def test_the_double_packs_most_points_stay_its_forms():
    double, classic = DealForm(rules=engine.rules_from("double_pack")), DealForm()
    assert (double.fields["points"].most, double.fields["points"].widget.attrs["max"]) == (240, 240)
    assert (classic.fields["points"].most, classic.fields["points"].widget.attrs["max"]) == (
        120, 120)
    assert DealForm.base_fields["points"].most == 120
    assert 'max="120"' in str(classic["points"]) and 'max="240"' in str(double["points"])


def test_every_field_widget_and_message_is_the_forms_own():
    for form_class in (DealForm, ApiDealForm, RefereeWriteForm):
        one, other = form_class(), form_class()
        for name, field in one.fields.items():
            base, theirs = form_class.base_fields[name], other.fields[name]
            for copy in (base, theirs):
                assert field is not copy
                assert field.widget is not copy.widget
                assert field.widget.attrs is not copy.widget.attrs
                assert field.error_messages is not copy.error_messages
                assert field.validators is not copy.validators
                if isinstance(field.widget, forms.MultiWidget):
                    assert all(mine is not their and mine.attrs is not their.attrs
                               for mine, their in zip(field.widget.widgets,
                                                      copy.widget.widgets, strict=True))


def test_a_forms_choices_are_the_same_and_still_checked():
    form = ApiDealForm.from_body(b'{"points": [70, 50], "flag": "C"}')
    assert not form.is_valid()
    assert "flag" in form.errors
    assert [value for value, _ in form.fields["flag"].choices] == ["", "A", "B"]
    assert [value for value, _ in form.fields["flag"].widget.choices] == ["", "A", "B"]
