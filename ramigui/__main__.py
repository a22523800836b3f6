from ramigui.cli import main

raise SystemExit(main())
