"""A contest's organiser home: the cockpit and its steps, the day-order setting, the guide; the contest's form and the links meant for another device."""
