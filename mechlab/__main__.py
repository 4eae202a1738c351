from mechlab.cli import main

main()
