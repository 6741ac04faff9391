# Checks the project's size limits (CTest: code_size_limits).
#
#   cmake -DROOT=<source dir> [-DMAX_FILE_LINES=600] [-DMAX_FUNCTION_LINES=100]
#         -P tests/docs/CheckCodeSize.cmake
#
# (a) No *.h / *.cpp under model/, widgets/ or app/ may be longer than MAX_FILE_LINES lines. Test
#     sources under tests/ are exempt: a suite lists many cases and reads best in one file.
# (b) No function in model/, widgets/ or app/ may be longer than MAX_FUNCTION_LINES lines. A
#     function is found by the code's formatting convention: an out-of-class definition has its
#     opening "{" alone at column 0 on the line after the signature and its closing "}" alone at
#     column 0. Its length counts from the first line of the signature (the line after a blank line,
#     a comment, a preprocessor line or a line ending in ";", "{" or "}") to the closing brace.
#     Functions defined inside a class body (or on one line) are not counted; keep those short anyway.
#
# Paths in ALLOW (relative to ROOT) are still over a limit while they are being split: their
# violations are printed as "note:" lines and do not fail. An entry that no longer exists or is
# within the limits is noted too, so it can be removed.
#
# Violations are printed as "file: N lines" or "file:line: function of N lines", then the script
# fails.

cmake_minimum_required(VERSION 3.21)

if(NOT DEFINED ROOT OR NOT IS_DIRECTORY "${ROOT}")
  message(FATAL_ERROR "usage: cmake -DROOT=<source dir> [-DMAX_FILE_LINES=600] "
                      "[-DMAX_FUNCTION_LINES=100] -P CheckCodeSize.cmake")
endif()
get_filename_component(ROOT "${ROOT}" ABSOLUTE)
if(NOT DEFINED MAX_FILE_LINES)
  set(MAX_FILE_LINES 600)
endif()
if(NOT DEFINED MAX_FUNCTION_LINES)
  set(MAX_FUNCTION_LINES 100)
endif()

# Files still over a limit (computed by running this script on the tree); shrink it as they are split.
set(ALLOW
)

set(file_dirs model widgets app)   # (a); tests/ is exempt
set(function_dirs model widgets app)  # (b)

# --- helpers ---------------------------------------------------------------------------------

include(${CMAKE_CURRENT_LIST_DIR}/LineReader.cmake)

function(sources_under dirs out_var)
  set(found "")
  foreach(dir IN LISTS dirs)
    if(IS_DIRECTORY "${ROOT}/${dir}")
      file(GLOB_RECURSE files RELATIVE "${ROOT}" "${ROOT}/${dir}/*.h" "${ROOT}/${dir}/*.cpp")
      list(APPEND found ${files})
    endif()
  endforeach()
  list(SORT found)
  set(${out_var} "${found}" PARENT_SCOPE)
endfunction()

set(failures "")
set(notes "")
set(violating_paths "")

# Records a violation at `rel` (a path relative to ROOT) with the text `what`.
function(report rel what)
  list(APPEND violating_paths "${rel}")
  set(violating_paths "${violating_paths}" PARENT_SCOPE)
  string(REPLACE ";" "<<sc>>" what "${what}")
  if(rel IN_LIST ALLOW)
    list(APPEND notes "note: ${what} (allowed while it is split)")
    set(notes "${notes}" PARENT_SCOPE)
  else()
    list(APPEND failures "${what}")
    set(failures "${failures}" PARENT_SCOPE)
  endif()
endfunction()

# (b) Reports every function of `lines` (the file `rel`) longer than MAX_FUNCTION_LINES.
function(check_functions rel lines)
  set(number 0)
  set(signature_start 1)   # first line of the signature of a "{" that follows
  set(body_start 0)        # line of the signature of the function being read, 0 outside one
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(body_start)
      if(line MATCHES "^}[ \t]*$")
        math(EXPR length "${number} - ${body_start} + 1")
        if(length GREATER MAX_FUNCTION_LINES)
          list(GET lines ${first_index} signature)
          if(signature MATCHES "^template")  # name the function, not its template parameters
            math(EXPR name_index "${first_index} + 1")
            list(GET lines ${name_index} signature)
          endif()
          decode_line("${signature}" signature)
          report("${rel}" "${rel}:${body_start}: function of ${length} lines (limit ${MAX_FUNCTION_LINES}): ${signature}")
        endif()
        set(body_start 0)
        math(EXPR signature_start "${number} + 1")
      endif()
    elseif(line MATCHES "^{[ \t]*$")
      set(body_start ${signature_start})
      math(EXPR first_index "${signature_start} - 1")
    elseif(line MATCHES "^[ \t]*$" OR line MATCHES "(<<sc>>|[{}])[ \t]*$" OR line MATCHES "^[ \t]*(//|#)"
           OR line MATCHES "\\*/[ \t]*$")
      # Not part of a signature: the next one starts on the following line.
      math(EXPR signature_start "${number} + 1")
    endif()
  endforeach()
  set(violating_paths "${violating_paths}" PARENT_SCOPE)
  set(notes "${notes}" PARENT_SCOPE)
  set(failures "${failures}" PARENT_SCOPE)
endfunction()

# --- the checks ------------------------------------------------------------------------------

sources_under("${file_dirs}" size_files)
sources_under("${function_dirs}" function_files)
list(APPEND size_files ${function_files})
list(REMOVE_DUPLICATES size_files)
list(SORT size_files)

foreach(rel IN LISTS size_files)
  read_lines("${ROOT}/${rel}" lines)
  list(LENGTH lines count)
  if(count GREATER MAX_FILE_LINES)
    report("${rel}" "${rel}: ${count} lines (limit ${MAX_FILE_LINES})")
  endif()
  if(rel IN_LIST function_files)
    check_functions("${rel}" "${lines}")
  endif()
endforeach()

foreach(rel IN LISTS ALLOW)
  if(NOT EXISTS "${ROOT}/${rel}")
    list(APPEND notes "note: ALLOW lists ${rel}, which no longer exists: remove it from ALLOW")
  elseif(NOT rel IN_LIST violating_paths)
    list(APPEND notes "note: ALLOW lists ${rel}, which is within the limits now: remove it from ALLOW")
  endif()
endforeach()

foreach(note IN LISTS notes)
  string(REPLACE "<<sc>>" ";" note "${note}")
  message("${note}")
endforeach()

list(LENGTH failures failure_count)
list(LENGTH size_files file_count)
if(failure_count GREATER 0)
  foreach(failure IN LISTS failures)
    string(REPLACE "<<sc>>" ";" failure "${failure}")
    message("${failure}")
  endforeach()
  message(FATAL_ERROR "code_size_limits: ${failure_count} violation(s) of the limits "
                      "(${MAX_FILE_LINES} lines a file, ${MAX_FUNCTION_LINES} a function)")
endif()
list(LENGTH notes note_count)
message(STATUS "code_size_limits: OK, ${file_count} files checked (${MAX_FILE_LINES} lines a file, "
               "${MAX_FUNCTION_LINES} a function), ${note_count} note(s)")
