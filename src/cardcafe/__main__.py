from cardcafe.cli import main

main()
