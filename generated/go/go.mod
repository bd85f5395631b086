module elementmodel

go 1.24
