"""The pygame side: the app loop and scenes, the table, the card art. Rules live in ramigui.rules."""
